import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import { usePendingFor } from '../../../lib/offline/desk-writes';
import { useOnline } from '../../../lib/offline/online';
import { applicationApi, useRenewal } from '../api';
import { mayRenew, type Transition, transitionsFor } from '../model';
import type { Application } from '../schema';

/**
 * Approve / Reject on a pending application (Place on hold when its book has no copy left), Mark
 * returned and Renew on an approved one, Approve / Cancel hold on a ready hold. A change saved on
 * this device (offline) and not sent yet shows instead: the row's next step waits for the server's.
 */
export function TransitionButtons({ row, onPick }: { row: Application; onPick: (t: Transition) => void }) {
  const { t, i18n } = useLingui();
  const queued = usePendingFor(applicationApi.path, row.id);
  const renewal = useRenewal();
  const online = useOnline();
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
        // Short, to fit where the buttons were; what waits, and until when, is in its title.
        title={`${what} – ${t`Saved on this device; it will be sent when you are back online.`}`}
        data-testid="apply-queued"
        style={{ textTransform: 'none' }}
      >
        {t({ message: 'Queued', context: 'a change kept on this device, waiting to be sent' })}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {transitionsFor(row.status, row.bookStock).map((tr) => (
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
      {mayRenew(row) && (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          // A renewal is not kept for later: its refusal (someone waits, the limit) must be seen now.
          disabled={!online}
          loading={renewal.isPending}
          onClick={() =>
            renewal.mutate(row, {
              onSuccess: (a) => {
                const due = a.dueAt ? formatDateTime(a.dueAt, i18n.locale) : '';
                notifySuccess(t`Renewed: due ${due}`);
              },
            })
          }
          aria-label={`${t({ message: 'Renew', context: 'extend a loan' })}: ${name}`}
          data-testid="apply-renew"
        >
          {t({ message: 'Renew', context: 'extend a loan' })}
        </Button>
      )}
    </Group>
  );
}
