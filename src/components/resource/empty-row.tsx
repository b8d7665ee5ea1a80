import { Trans } from '@lingui/react/macro';
import { EmptyState, Table } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';

/** The table's row when there is nothing to list (loaded by resource-table.tsx only then). */
export default function EmptyRow({ columns, filtered }: { columns: number; filtered: boolean }) {
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
