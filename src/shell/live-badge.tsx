import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { CountsEvent } from '../contract/events';
import { liveStore } from '../stores/live';

/** Menu entries with a live count: applications waiting, messages unread, and their group. */
const COUNTED: Record<string, (c: CountsEvent) => number> = {
  '/users/apply': (c) => c.pendingApplications,
  '/users/online': (c) => c.unreadMessages,
  // A closed group still says that something inside waits.
  '/users': (c) => c.pendingApplications + c.unreadMessages,
};

/** Second counts beside the first: loans past their due date, next to the requests waiting. */
const OVERDUE: Record<string, (c: CountsEvent) => number> = {
  '/users/apply': (c) => c.overdueLoans ?? 0,
};

export const hasLiveBadge = (path: string) => path in COUNTED;

const shown = (n: number) => (n > 99 ? '99+' : n);

/** The count next to a menu entry, updated by the live stream; nothing when zero or unknown. */
export function LiveBadge({ path }: { path: string }) {
  const { t } = useLingui();
  const { counts } = useSnapshot(liveStore);
  const count = COUNTED[path];
  const n = counts && count ? count(counts) : 0;
  const overdue = OVERDUE[path];
  const late = counts && overdue ? overdue(counts) : 0;
  if (n <= 0 && late <= 0) return null;
  const label =
    path === '/users/apply'
      ? t`${plural(n, { one: '# pending application', other: '# pending applications' })}`
      : path === '/users/online'
        ? t`${plural(n, { one: '# unread message', other: '# unread messages' })}`
        : t`${plural(n, { one: '# item waiting', other: '# items waiting' })}`;
  const pending = n > 0 && (
    <Badge size="sm" color="red" variant="filled" role="status" aria-label={label} data-testid={`live-badge-${path}`}>
      {shown(n)}
    </Badge>
  );
  if (late <= 0) return pending || null;
  return (
    <Group gap={4} wrap="nowrap">
      {pending}
      <Badge
        size="sm"
        color="orange"
        variant="outline"
        role="status"
        aria-label={t`${plural(late, { one: '# overdue loan', other: '# overdue loans' })}`}
        data-testid={`live-badge-overdue-${path}`}
      >
        {shown(late)}
      </Badge>
    </Group>
  );
}
