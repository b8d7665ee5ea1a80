import { EmptyState, Table } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The table's row when there is nothing to list (loaded by resource-table.tsx only then, with its texts). */
export default function EmptyRow({
  columns,
  title,
  description,
}: {
  columns: number;
  title: string;
  description: ReactNode;
}) {
  return (
    <Table.Tr data-testid="list-empty">
      <Table.Td colSpan={columns}>
        <EmptyState py="xl" icon={<IconDatabaseOff size={32} aria-hidden />} title={title} description={description} />
      </Table.Td>
    </Table.Tr>
  );
}
