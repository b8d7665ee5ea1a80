import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { usePendingFor } from '../../../lib/offline/desk-writes';
import { applicationApi } from '../api';
import { type Transition, transitionsFor } from '../model';
import type { Application } from '../schema';

/**
 * Approve / Reject on a pending application, Mark returned on an approved one. A change saved on
 * this device (offline) and not sent yet shows instead: the row's next step waits for the server's.
 */
export function TransitionButtons({ row, onPick }: { row: Application; onPick: (t: Transition) => void }) {
  const { t, i18n } = useLingui();
  const queued = usePendingFor(applicationApi.path, row.id);
  const name = `${row.nickName ?? row.userId} – ${row.bookTitle ?? row.bookId}`;
  if (queued?.state === 'pending') {
    const to = (queued.body as { status?: string } | null)?.status;
    const action = transitionsFor(row.status).find((tr) => tr.to === to)?.action;
    const what = action ? i18n._(action) : queued.title;
    return (
      <Badge
        variant="light"
        color="blue"
        leftSection={<IconClock size={12} aria-hidden />}
        title={t`Saved on this device; it will be sent when you are back online.`}
        data-testid="apply-queued"
        style={{ textTransform: 'none' }}
      >
        {t`${what}: waiting to be sent`}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {transitionsFor(row.status).map((tr) => (
        <Button
          key={tr.to}
          size="compact-sm"
          variant="light"
          color={tr.color}
          onClick={() => onPick(tr)}
          aria-label={`${i18n._(tr.action)}: ${name}`}
          data-testid={`apply-${tr.to}`}
        >
          {i18n._(tr.action)}
        </Button>
      ))}
    </Group>
  );
}
