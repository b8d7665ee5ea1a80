import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Card, Checkbox, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDatabaseOff, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type MouseEvent, memo, type ReactNode, useRef } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { Menu } from '../../floating';
import type { CardDef, ColumnDef, ResourceBodyProps } from '../types';
import { useDeferredRows } from './deferred-rows';
import { EmptyListText } from './empty-list-text';
import { useListContext } from './list-context';
import classes from './resource-cards.module.css';
import { ServerOnly } from './row-actions';
import { useClampedTitles } from './use-fitted-columns';

/**
 * The list as cards, for a phone: per record its title (opening its page, or its form), the key
 * fields its resource names (`card`), its status, its own actions (Approve, Open) and Edit and
 * Delete in a menu; a tap anywhere on the card opens the record. Draws what the list controller
 * in context holds, as the table does: no list logic of its own.
 */
export function ResourceCards<T extends RecordMeta>(props: ResourceBodyProps<T>) {
  const list = useListContext<T>();
  const { t, i18n } = useLingui();
  const rows = useDeferredRows(props.rows);
  const listRef = useRef<HTMLDivElement>(null);
  // A value cut to its lines (a message, a link) gives its whole text on hover and to a long press.
  useClampedTitles(listRef, [rows, props.columns, i18n.locale], '[data-line-clamp]');
  if (rows === undefined) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={112} radius="md" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        py="xl"
        data-testid="list-empty"
        icon={<IconDatabaseOff size={32} aria-hidden />}
        title={t`No records`}
        description={<EmptyListText filtered={Boolean(props.filtered)} empty={props.empty} />}
      />
    );
  }
  return (
    <Stack
      ref={listRef}
      gap="sm"
      component="ul"
      className={props.stale ? `${classes.list} ${classes.stale}` : classes.list}
      aria-busy={props.stale}
    >
      <Cards
        rows={rows}
        columns={props.columns}
        allColumns={list.resource.columns}
        card={list.resource.card}
        recordTitle={props.recordTitle}
        recordPath={list.resource.recordPath}
        selectable={props.selectable ?? true}
        selected={props.selected}
        onSelect={props.onSelect}
        open={list.openRecord}
        edit={list.edit}
        remove={list.remove}
        preload={list.preloadForm}
        rowActions={list.resource.rowActions}
        rowActionsOffline={list.resource.rowActionsOffline}
        serverDown={list.serverDown}
      />
    </Stack>
  );
}

interface CardsProps<T extends RecordMeta> {
  rows: T[];
  columns: ColumnDef<T>[];
  allColumns: ColumnDef<T>[];
  card: CardDef<T> | undefined;
  recordTitle: (row: T) => string;
  recordPath: ((row: T) => string) | undefined;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  open: ((row: T) => void) | undefined;
  edit: ((row: T) => void) | undefined;
  remove: ((row: T) => void) | undefined;
  preload: () => void;
  rowActions: ((row: T) => ReactNode) | undefined;
  rowActionsOffline?: boolean;
  serverDown: boolean;
}

/** What a tap on these does is theirs, not the card's. */
const OWN_TAP = 'a, button, input, label, textarea, select, [role="menuitem"], [role="switch"], [data-own-tap]';

/** The cards, drawn again only when what they show changes (as the table's rows, resource-table.tsx). */
const Cards = memo(function Cards<T extends RecordMeta>(p: CardsProps<T>) {
  const { t, i18n } = useLingui();
  const byKey = new Map(p.allColumns.map((c) => [c.key, c]));
  // Without a card description: the first column names the record, the next two are its fields.
  const def: CardDef<T> = p.card ?? { fields: p.columns.slice(1, 3).map((c) => c.key) };
  const fields = def.fields.map((k) => byKey.get(k)).filter((c): c is ColumnDef<T> => c !== undefined);
  const status = def.status ? byKey.get(def.status) : undefined;
  const media = def.media ? byKey.get(def.media) : undefined;

  return p.rows.map((row) => {
    const title = p.recordTitle(row);
    const heading = def.title?.(row) ?? title;
    const path = p.recordPath?.(row);
    const own = p.rowActions?.(row);
    const onCardClick = (e: MouseEvent<HTMLElement>) => {
      if ((e.target as Element).closest(OWN_TAP)) return;
      p.open?.(row);
    };
    return (
      <Card
        key={row.id}
        component="li"
        withBorder
        radius="md"
        padding="sm"
        className={p.open ? `${classes.card} ${classes.tappable}` : classes.card}
        data-testid="resource-row"
        data-id={row.id}
        // Not aria-selected: a list item may not carry it (axe: aria-allowed-attr); its checkbox says it.
        data-selected={p.selectable ? p.selected.has(row.id) : undefined}
        onClick={onCardClick}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {p.selectable && (
            <Checkbox
              size="md"
              aria-label={t`Select ${title}`}
              checked={p.selected.has(row.id)}
              onChange={(e) => p.onSelect([row.id], e.currentTarget.checked)}
            />
          )}
          {media && <div className={classes.media}>{media.render(row, i18n)}</div>}
          <Stack gap={4} className={classes.body}>
            <div className={classes.title}>
              {path ? (
                <Anchor component={Link} to={path} fw={600} size="sm" lineClamp={2} data-testid="card-title">
                  {heading}
                </Anchor>
              ) : p.open ? (
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  ta="left"
                  lineClamp={2}
                  onClick={() => p.open?.(row)}
                  onPointerDown={p.preload}
                  data-testid="card-title"
                >
                  {heading}
                </Anchor>
              ) : (
                <Text fw={600} size="sm" lineClamp={2} data-testid="card-title">
                  {heading}
                </Text>
              )}
            </div>
            {status && <div className={classes.status}>{status.render(row, i18n)}</div>}
          </Stack>
          {(p.edit || p.remove) && (
            <RowMenu
              title={title}
              onEdit={p.edit && (() => p.edit?.(row))}
              onDelete={p.remove && (() => p.remove?.(row))}
              onIntent={p.preload}
              serverDown={p.serverDown}
            />
          )}
        </Group>
        {fields.length > 0 && (
          <dl className={classes.fields}>
            {fields.map((c) => (
              <div
                key={c.key}
                className={def.wide?.includes(c.key) ? `${classes.field} ${classes.wide}` : classes.field}
              >
                <Text component="dt" size="xs" c="dimmed">
                  {i18n._(c.label)}
                </Text>
                <Text component="dd" size="sm">
                  {c.render(row, i18n)}
                </Text>
              </div>
            ))}
          </dl>
        )}
        {own && (
          // The record's own actions (Approve, Open) in reach of a thumb; none drawn, no row.
          <Group gap="xs" justify="flex-end" wrap="wrap" className={classes.actions}>
            <ServerOnly disabled={p.serverDown && !p.rowActionsOffline}>{own}</ServerOnly>
          </Group>
        )}
      </Card>
    );
  });
}) as <T extends RecordMeta>(props: CardsProps<T>) => ReactNode;

/** Edit and Delete of one card, behind a "⋯" button named with the record. */
function RowMenu({
  title,
  onEdit,
  onDelete,
  onIntent,
  serverDown,
}: {
  title: string;
  onEdit?: () => void;
  onDelete?: () => void;
  onIntent: () => void;
  serverDown: boolean;
}) {
  const { t } = useLingui();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t`Actions for ${title}`}
          data-testid="row-menu"
          onPointerDown={onEdit ? onIntent : undefined}
        >
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit} data-testid="row-edit">
            {t`Edit`}
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            disabled={serverDown}
            data-testid="row-delete"
          >
            {t`Delete`}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
