import { useLingui } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { SPECS } from '../../specs';
import { type AuditRow, recordKind } from '../model';

/**
 * Where an entry's record has a page of its own: its noun's screen (the spec's `menu.screen`) with
 * the id, where the console has such a route (`/web/book/$id`, `/users/user/$id`…).
 */
function recordPage(paths: object, entry: AuditRow): string | undefined {
  if (!Object.hasOwn(SPECS, entry.resource)) return undefined;
  const screen = SPECS[entry.resource as keyof typeof SPECS].menu?.screen;
  return screen && `${screen}/$id` in paths ? `${screen}/${entry.recordId}` : undefined;
}

/**
 * An entry's record title; a link to the record's page where it has one and still exists (a
 * delete entry names a record that is gone).
 */
export function RecordLink({ entry }: { entry: AuditRow }) {
  const { routesByPath } = useRouter();
  const to = entry.action === 'delete' ? undefined : recordPage(routesByPath, entry);
  if (!to) {
    return (
      <Text span size="sm" fw={500}>
        {entry.recordTitle}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {entry.recordTitle}
    </Anchor>
  );
}

/**
 * The record an entry is about, as a phone's card heads it: its kind in the user's language, its
 * number and its title (a link to its page, as in the table's Record column).
 */
export function RecordName({ entry }: { entry: AuditRow }) {
  const { i18n } = useLingui();
  return (
    <>
      {recordKind(entry.resource, i18n)} #{entry.recordId} {entry.recordTitle && <RecordLink entry={entry} />}
    </>
  );
}
