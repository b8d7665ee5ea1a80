import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
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

export const hasLiveBadge = (path: string) => path in COUNTED;

/** The count next to a menu entry, updated by the live stream; nothing when zero or unknown. */
export function LiveBadge({ path }: { path: string }) {
  const { t } = useLingui();
  const { counts } = useSnapshot(liveStore);
  const count = COUNTED[path];
  const n = counts && count ? count(counts) : 0;
  if (n <= 0) return null;
  const label =
    path === '/users/apply'
      ? t`${plural(n, { one: '# pending application', other: '# pending applications' })}`
      : path === '/users/online'
        ? t`${plural(n, { one: '# unread message', other: '# unread messages' })}`
        : t`${plural(n, { one: '# item waiting', other: '# items waiting' })}`;
  return (
    <Badge size="sm" color="red" variant="filled" role="status" aria-label={label} data-testid={`live-badge-${path}`}>
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
