import { useLingui } from '@lingui/react/macro';
import { Checkbox, Table } from '@mantine/core';
import { memo, type ReactNode, Suspense, useRef } from 'react';
import type { RecordMeta } from '../../contract/common';
import { lazyWithoutMessages } from '../../lib/lazy';
import { useDeferredRows } from './deferred-rows';
import classes from './resource-table.module.css';
import { SortHeader } from './sort-header';
import { SkeletonRows } from './table-placeholders';
import type { ResourceBodyProps } from './types';
import { FLEXIBLE_MIN, useClampedTitles, useFittedColumns } from './use-fitted-columns';

type Props<T extends RecordMeta> = ResourceBodyProps<T>;

// An empty list's row loads only for an empty list (the placeholder rows stay until it has). Its
// texts are said here, so they come with the list's own messages and the row waits for no catalogue.
const EmptyRow = lazyWithoutMessages(() => import('./empty-row'));

/** Edit and Delete icon buttons with the cell's padding. */
const ACTIONS_WIDTH = 104;

/** A view's density as the table's vertical cell padding. */
const SPACING = { compact: 4, comfortable: 'sm', spacious: 'lg' } as const;

export function ResourceTable<T extends RecordMeta>(props: Props<T>) {
  const { columns, stale, search, selected, onSelect, actions } = props;
  // New data renders in the background, in slices (deferred-rows.ts).
  const rows = useDeferredRows(props.rows);
  const selectable = props.selectable ?? true;
  const { t, i18n } = useLingui();
  const selectableRows = rows ?? [];
  const checkedCount = selectableRows.filter((r) => selected.has(r.id)).length;
  const span = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);
  const table = useRef<HTMLTableElement>(null);
  const contents = [rows, columns, i18n.locale, props.density, selectable, Boolean(actions)];
  const fit = useFittedColumns(table, contents);
  // Widened columns cut less: the titles are checked again after each widening too.
  useClampedTitles(table, [...contents, fit]);
  const first = selectable ? 1 : 0;
  const widthOf = (c: { width?: number | string }, i: number) => {
    const extra = fit.extra[first + i];
    if (typeof c.width === 'number') return c.width + (extra ?? 0);
    return c.width ?? (extra === undefined ? undefined : (fit.base[first + i] ?? 0) + extra);
  };
  const actionsWidth = ACTIONS_WIDTH + (fit.extra[first + columns.length] ?? 0);
  // Below this the table scrolls sideways rather than squeezing titles to a letter or two.
  const minWidth =
    (selectable ? 40 : 0) +
    columns.reduce((sum, c, i) => {
      const w = widthOf(c, i);
      return sum + (typeof w === 'number' ? w : FLEXIBLE_MIN);
    }, 0) +
    (actions ? actionsWidth : 0);

  return (
    <Table.ScrollContainer minWidth={Math.max(800, minWidth)}>
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
              <Table.Th w={40}>
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
            {columns.map((c, i) => (
              <SortHeader
                key={c.key}
                label={i18n._(c.label)}
                hideLabel={c.hideLabel}
                sortField={c.sortField}
                search={search}
                onSort={props.onSort}
                width={widthOf(c, i)}
                align={c.align}
              />
            ))}
            {actions && (
              <Table.Th ta="right" w={actionsWidth}>
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
                description={
                  props.filtered ? t`Nothing matches the search and filters.` : t`Nothing has been added yet.`
                }
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
        {actions && <Table.Td>{actions(row)}</Table.Td>}
      </Table.Tr>
    );
  });
}) as <T extends RecordMeta>(props: RowsProps<T>) => ReactNode;
