import { useLingui } from '@lingui/react/macro';
import { Badge, Button } from '@mantine/core';
import { IconClock, IconMailOpened, IconMessageReply } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { IconAction } from '../../../components/icon-action';
import { ResourcePage } from '../../../components/resource/list/resource-page';
import type { ResourceScreen } from '../../../components/resource/types';
import { usePhone } from '../../../components/resource/use-phone';
import { lazy } from '../../../lib/lazy';
import { usePendingFor } from '../../../lib/offline/desk-writes';
import { messageApi } from '../api';
import { messageScreen } from '../resource';
import type { Message } from '../schema';

// The drawer (its modal and text area code) loads when a message is first opened.
const MessageDrawer = lazy(() => import('./message-drawer').then((m) => ({ default: m.MessageDrawer })));

/** /users/online: readers' messages; Reply (or View reply) reads one and answers it in a drawer. */
export function MessagesPage() {
  const { t } = useLingui();
  const phone = usePhone();
  const [open, setOpen] = useState<Message | null>(null);
  const resource = useMemo<ResourceScreen<Message>>(
    () => ({
      ...messageScreen,
      // Reading works offline from the list, and a reply is kept on this device until it can go.
      rowActionsOffline: true,
      // A tap on a message's card reads it, as its button does.
      open: (row) => setOpen(row),
      rowActions: (row) => {
        const replied = row.status === 'replied';
        // The verb: "Reply" alone is also the reply field's label, a noun in other languages.
        const shown = replied
          ? t`View reply`
          : t({ message: 'Reply', context: 'button that opens a message to answer it' });
        // Its accessible name starts with the words it shows (or its tooltip says).
        const name = replied ? t`View reply to ${row.readerName}` : t`Reply to ${row.readerName}`;
        const Icon = replied ? IconMailOpened : IconMessageReply;
        const queued = <QueuedReply id={row.id} />;
        // On a phone a worded button: a finger gets no tooltip, and a bare envelope did not say it
        // is where the answer is written. The table keeps an icon with its tooltip, beside Delete.
        return phone ? (
          <>
            {queued}
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<Icon size={16} aria-hidden />}
              aria-label={name}
              data-testid="message-open"
              data-row-action
              onClick={() => setOpen(row)}
            >
              {shown}
            </Button>
          </>
        ) : (
          <>
            {queued}
            <IconAction
              tip={shown}
              label={name}
              icon={Icon}
              data-testid="message-open"
              data-row-action
              onClick={() => setOpen(row)}
            />
          </>
        );
      },
    }),
    [t, phone],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {open && (
        <Suspense fallback={null}>
          <MessageDrawer key={open.id} message={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/** A reply saved on this device (offline) and not sent yet. */
function QueuedReply({ id }: { id: number }) {
  const { t } = useLingui();
  const queued = usePendingFor(messageApi.path, id);
  if (queued?.state !== 'pending') return null;
  return (
    <Badge
      variant="light"
      color="blue"
      leftSection={<IconClock size={12} aria-hidden />}
      title={t`Saved on this device; it will be sent when you are back online.`}
      data-testid="message-queued"
      style={{ textTransform: 'none' }}
    >
      {t`Reply waiting to be sent`}
    </Badge>
  );
}
