import { Skeleton, Table } from '@mantine/core';

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
