import { Trans } from '@lingui/react/macro';
import { EmptyState, Skeleton, Table } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';

/** Rows of grey bars while the first page loads, so the layout does not jump when it arrives. */
export function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={r} data-testid="skeleton-row">
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
