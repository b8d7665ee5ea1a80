import { useLingui } from '@lingui/react/macro';
import { Checkbox, Table } from '@mantine/core';
import { memo, type ReactNode, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { lazyWithoutMessages } from '../../../lib/lazy';
import type { ColumnDef, ResourceBodyProps } from '../types';
import { useDeferredRows } from './deferred-rows';
import { EmptyListText } from './empty-list-text';
import classes from './resource-table.module.css';
import { SortHeader } from './sort-header';
import { SkeletonRows } from './table-placeholders';
import { FLEXIBLE_MIN, useClampedTitles, useFittedColumns } from './use-fitted-columns';

type Props<T extends RecordMeta> = ResourceBodyProps<T>;

// An empty list's row loads only for an empty list (the placeholder rows stay until it has). Its
// texts are said here, so they come with the list's own messages and the row waits for no catalogue.
const EmptyRow = lazyWithoutMessages(() => import('./empty-row'));

/** Edit and Delete icon buttons with the cell's padding. */
const ACTIONS_WIDTH = 104;
const ACTIONS_KEY = '_actions';
const SELECT_WIDTH = 40;

/** The width a table of `columns` needs: set widths as they are, flexible ones at their minimum. */
function tableWidth<C extends { key: string; width?: number | string }>(
  columns: C[],
  widthOf: (c: C) => number | string | undefined,
  select: number,
  actions: number,
): number {
  return (
    select +
    columns.reduce((sum, c) => {
      const w = widthOf(c);
      return sum + (typeof w === 'number' ? w : FLEXIBLE_MIN);
    }, 0) +
    actions
  );
}

/**
 * The width the table has, read before the first paint (then on every resize): columns dropped
 * for want of room are never drawn first and then taken away (a layout shift on every cold load).
 */
function useRoom() {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setRoom(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setRoom(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, room] as const;
}

/**
 * The columns shown in `room` px: while they need more, the one of lowest priority leaves (3
 * before 2, the rightmost first); priority 1 (what names the record) always stays. Unmeasured
 * (room 0, before the first layout): all of them.
 */
export function columnsThatFit<C extends { priority?: 1 | 2 | 3 }>(
  columns: C[],
  room: number,
  need: (shown: C[]) => number,
): C[] {
  if (room <= 0) return columns;
  let shown = columns;
  while (need(shown) > room) {
    let drop = -1;
    for (let i = shown.length - 1; i >= 0; i--) {
      const p = shown[i]?.priority ?? 2;
      if (p > 1 && (drop < 0 || p > (shown[drop]?.priority ?? 2))) drop = i;
    }
    if (drop < 0) break;
    shown = shown.filter((_, i) => i !== drop);
  }
  return shown;
}

/** A view's density as the table's vertical cell padding. */
const SPACING = { compact: 4, comfortable: 'sm', spacious: 'lg' } as const;

export function ResourceTable<T extends RecordMeta>(props: Props<T>) {
  const { stale, search, selected, onSelect, actions } = props;
  // New data renders in the background, in slices (deferred-rows.ts).
  const rows = useDeferredRows(props.rows);
  const selectable = props.selectable ?? true;
  const { t, i18n } = useLingui();
  const selectableRows = rows ?? [];
  const checkedCount = selectableRows.filter((r) => selected.has(r.id)).length;
  const table = useRef<HTMLTableElement>(null);
  // The room the table has: columns of low priority leave before any would have to be cut.
  const [frame, room] = useRoom();
  // Measured again when what the cells hold changes, and when the room does (a column may return).
  const contents = [rows, props.columns, i18n.locale, props.density, selectable, Boolean(actions), room];
  const fit = useFittedColumns(table, contents);
  // Widened columns cut less: the titles are checked again after each widening too.
  useClampedTitles(table, [...contents, fit]);
  const widthOf = (c: { key: string; width?: number | string }) => {
    const extra = fit.extra[c.key];
    if (typeof c.width === 'number') return c.width + (extra ?? 0);
    return c.width ?? (extra === undefined ? undefined : (fit.base[c.key] ?? 0) + extra);
  };
  const actionsWidth = ACTIONS_WIDTH + (fit.extra[ACTIONS_KEY] ?? 0);
  const need = (cs: ColumnDef<T>[]) =>
    tableWidth(cs, widthOf, selectable ? SELECT_WIDTH : 0, actions ? actionsWidth : 0);
  const shownKeys = columnsThatFit(props.columns, room, need)
    .map((c) => c.key)
    .join(' ');
  // The same array while the same columns show: the rows are drawn again only when it changes.
  const columns = useMemo(() => {
    const keep = new Set(shownKeys.split(' '));
    return props.columns.filter((c) => keep.has(c.key));
  }, [props.columns, shownKeys]);
  const span = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);
  // Below this the table scrolls sideways rather than squeezing titles to a letter or two; the
  // actions column stays in view even then (sticky, resource-table.module.css).
  const minWidth = need(columns);

  return (
    <Table.ScrollContainer ref={frame} minWidth={minWidth}>
      {/* Fixed layout: the columns keep the widths they had over the placeholder rows when the
          real rows arrive (an auto layout re-measured them, and the header wrapped: CLS). */}
      <Table
        ref={table}
        layout="fixed"
        highlightOnHover
        verticalSpacing={SPACING[props.density ?? 'comfortable']}
        data-density={props.density ?? 'comfortable'}
        className={stale ? `${classes.table} ${classes.stale}` : classes.table}
        aria-busy={stale}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={SELECT_WIDTH}>
                <Checkbox
                  aria-label={t`Select all rows`}
                  data-testid="select-all"
                  checked={checkedCount > 0 && checkedCount === selectableRows.length}
                  indeterminate={checkedCount > 0 && checkedCount < selectableRows.length}
                  disabled={selectableRows.length === 0}
                  onChange={(e) =>
                    onSelect(
                      selectableRows.map((r) => r.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <SortHeader
                key={c.key}
                col={c.key}
                label={i18n._(c.label)}
                hideLabel={c.hideLabel}
                sortField={c.sortField}
                search={search}
                onSort={props.onSort}
                width={widthOf(c)}
                align={c.align}
              />
            ))}
            {actions && (
              <Table.Th ta="right" w={actionsWidth} data-col={ACTIONS_KEY} className={classes.actions}>
                {t`Actions`}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined && <SkeletonRows columns={span} rows={Math.min(search.pageSize, 10)} />}
          {rows?.length === 0 && (
            <Suspense fallback={<SkeletonRows columns={span} rows={Math.min(search.pageSize, 10)} />}>
              <EmptyRow
                columns={span}
                title={t`No records`}
                description={<EmptyListText filtered={Boolean(props.filtered)} empty={props.empty} />}
              />
            </Suspense>
          )}
          {rows && rows.length > 0 && (
            <Rows
              rows={rows}
              columns={columns}
              selectable={selectable}
              selected={selected}
              onSelect={onSelect}
              recordTitle={props.recordTitle}
              actions={actions}
            />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type RowsProps<T extends RecordMeta> = Pick<
  Props<T>,
  'columns' | 'selected' | 'onSelect' | 'recordTitle' | 'actions'
> & { rows: T[]; selectable: boolean };

/**
 * The rows, drawn again only when what they show changes: the list re-renders for much else (a
 * query of the toolbar's answering, a column widened, the selection count), and a page of rows
 * was most of each such render (over 100 ms on a phone when the list's options arrived after its
 * rows). The list passes stable callbacks for this (resource-page.tsx).
 */
const Rows = memo(function Rows<T extends RecordMeta>({
  rows,
  columns,
  selectable,
  selected,
  onSelect,
  recordTitle,
  actions,
}: RowsProps<T>) {
  const { t, i18n } = useLingui();
  return rows.map((row) => {
    const title = recordTitle(row);
    return (
      <Table.Tr key={row.id} data-testid="resource-row" data-id={row.id} aria-selected={selected.has(row.id)}>
        {selectable && (
          <Table.Td>
            <Checkbox
              aria-label={t`Select ${title}`}
              checked={selected.has(row.id)}
              onChange={(e) => onSelect([row.id], e.currentTarget.checked)}
            />
          </Table.Td>
        )}
        {columns.map((c) => (
          <Table.Td key={c.key} ta={c.align}>
            {c.render(row, i18n)}
          </Table.Td>
        ))}
        {actions && <Table.Td className={classes.actions}>{actions(row)}</Table.Td>}
      </Table.Tr>
    );
  });
}) as <T extends RecordMeta>(props: RowsProps<T>) => ReactNode;
