import { Trans } from '@lingui/react/macro';
import { EmptyState, Skeleton, Table } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';

/**
 * Rows of grey bars while the first page loads, as tall as a real row with its action buttons
 * (about 61 px at the default size; rem, so the size setting scales both), so the layout does not
 * jump when the rows arrive (Lighthouse CLS).
 */
const ROW_HEIGHT = '3.8rem';

export function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={r} data-testid="skeleton-row" style={{ height: ROW_HEIGHT }}>
      {Array.from({ length: columns }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Td key={c}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

export function EmptyRow({ columns, filtered }: { columns: number; filtered: boolean }) {
  return (
    <Table.Tr data-testid="list-empty">
      <Table.Td colSpan={columns}>
        <EmptyState
          py="xl"
          icon={<IconDatabaseOff size={32} aria-hidden />}
          title={<Trans>No records</Trans>}
          description={
            filtered ? (
              <Trans>Nothing matches the search and filters.</Trans>
            ) : (
              <Trans>Nothing has been added yet.</Trans>
            )
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}
