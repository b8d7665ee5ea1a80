import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AuditRow } from '../model';

/** Resources with a record page, by their audit name (the API path). */
const RECORD_PAGES = { book: '/web/book', users: '/users/user' } as const;

/**
 * An entry's record title; a link to the record's page where it has one and still exists (a
 * delete entry names a record that is gone).
 */
export function RecordLink({ entry }: { entry: AuditRow }) {
  const to = RECORD_PAGES[entry.resource as keyof typeof RECORD_PAGES];
  if (!to || entry.action === 'delete') {
    return (
      <Text span size="sm" fw={500}>
        {entry.recordTitle}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`${to}/${entry.recordId}`} size="sm" fw={500}>
      {entry.recordTitle}
    </Anchor>
  );
}
