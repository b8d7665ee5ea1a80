import { Paper, Table, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './record-section.module.css';

/**
 * One panel of a record page (its applications, its history): a titled section (with the number of
 * entries in all when `count` is given, once known), then a notice,
 * the error of its request, or what it says when it has nothing to list, then its table of `rows`
 * under `headers` (scrolling sideways on a narrow screen unless `scroll` is false; on a phone, one
 * block per row with each value under its column's name). `id` names the
 * title (the section's accessible name) and the table (its test id).
 */
export function RecordSection({
  id,
  title,
  count,
  notice,
  error,
  empty,
  headers,
  scroll = true,
  rows,
}: {
  id: string;
  title: ReactNode;
  count?: number;
  notice?: ReactNode;
  error?: string;
  /** Shown instead of the table when the request succeeded with no rows; false while it has rows. */
  empty?: ReactNode;
  headers: string[];
  scroll?: boolean;
  rows: ReactNode[];
}) {
  // Each column's name, for the phone's stacked rows (record-section.module.css).
  const names = Object.fromEntries(headers.map((h, i) => [`--col-${i + 1}`, JSON.stringify(h)])) as CSSProperties;
  const table = (
    <Table striped data-testid={id} className={classes.stack} style={names}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{rows}</Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" mb="sm" id={id}>
        {title}
        {count !== undefined && (
          <>
            {' '}
            <Text span c="dimmed">
              ({count})
            </Text>
          </>
        )}
      </Title>
      {notice}
      {error !== undefined && <Text c="red">{error}</Text>}
      {empty && (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      )}
      {rows.length > 0 &&
        (scroll ? (
          <Table.ScrollContainer minWidth={520} className={classes.scroll}>
            {table}
          </Table.ScrollContainer>
        ) : (
          table
        ))}
    </Paper>
  );
}
