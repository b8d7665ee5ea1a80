import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EnumBadge } from '../../enum-badge';
import { formatDateTime } from '../../format';
import { TitleCell } from '../../title-cell';
import type { ColumnDef, Option } from '../types';

/**
 * Column blocks that read the same on every screen, so a change to how a date or a status shows
 * lands on all of them at once.
 */

/** A record time (`updatedAt`, `createdAt`), sortable, dimmed, in the reader's locale; '—' when unset. */
export function timeColumn<T extends Record<K, string | null>, K extends string & keyof T>(
  key: K,
  label: MessageDescriptor,
): ColumnDef<T> {
  return {
    key,
    label,
    sortField: key,
    width: 170,
    // A record's times leave a narrow table first; a screen keeps one that matters with priority 2.
    priority: 3,
    render: (row, i18n) => (
      <Text size="sm" c="dimmed">
        {row[key] ? formatDateTime(row[key], i18n.locale) : '—'}
      </Text>
    ),
  };
}

/** The "Updated" column most screens end with. */
export const updatedColumn = <T extends { updatedAt: string }>(): ColumnDef<T> =>
  timeColumn<T, 'updatedAt'>('updatedAt', msg`Updated`);

/** The display order (`sort`), sortable, right-aligned. */
export const sortColumn = <T extends { sort: number }>(): ColumnDef<T> => ({
  key: 'sort',
  label: msg`Sort`,
  sortField: 'sort',
  align: 'right',
  width: 80,
  priority: 3,
  render: (row) => row.sort,
});

/** An enum field (a status) as a coloured badge, sortable under its own name. */
export function badgeColumn<V extends string, T extends Record<K, V>, K extends string & keyof T>(
  key: K,
  label: MessageDescriptor,
  options: readonly Option<V>[],
  width = 110,
): ColumnDef<T> {
  return {
    key,
    label,
    sortField: key,
    width,
    render: (row) => <EnumBadge value={row[key]} options={options} />,
  };
}

/** The field that names a record (a title, a name): bold, sortable, clamped to `lines` when given. */
export function nameColumn<T extends Record<K, string>, K extends string & keyof T>(
  key: K,
  label: MessageDescriptor,
  opts: { lines?: number; width?: number; to?: (row: T) => string } = {},
): ColumnDef<T> {
  const clamp = opts.lines ? { lineClamp: opts.lines } : {};
  const { to } = opts;
  return {
    key,
    label,
    sortField: key,
    // It names the record: never dropped from a narrow table.
    priority: 1,
    ...(opts.width ? { width: opts.width } : {}),
    // With `to`, the name opens the record's own page.
    render: (row) =>
      to ? (
        <Anchor component={Link} to={to(row)} size="sm" fw={500} {...clamp}>
          {row[key]}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} {...clamp}>
          {row[key]}
        </Text>
      ),
  };
}

/** A `title`, sortable, with a dimmed detail line under it (a summary, notes, a file name). */
export const titleColumn = <T extends { title: string }>(
  detail: (row: T) => string | null | undefined,
  titleLines?: 1 | 2,
): ColumnDef<T> => ({
  key: 'title',
  label: msg`Title`,
  sortField: 'title',
  priority: 1,
  render: (row) => <TitleCell title={row.title} detail={detail(row)} titleLines={titleLines} />,
});
