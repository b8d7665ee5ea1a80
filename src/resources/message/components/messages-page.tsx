import { useLingui } from '@lingui/react/macro';
import { IconMailOpened } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { IconAction } from '../../../components/icon-action';
import { ResourcePage } from '../../../components/resource/list/resource-page';
import type { ResourceScreen } from '../../../components/resource/types';
import { lazy } from '../../../lib/lazy';
import { messageScreen } from '../resource';
import type { Message } from '../schema';

// The drawer (its modal and text area code) loads when a message is first opened.
const MessageDrawer = lazy(() => import('./message-drawer').then((m) => ({ default: m.MessageDrawer })));

/** /users/online: readers' messages; Open reads one (marking it read) and replies in a drawer. */
export function MessagesPage() {
  const { t } = useLingui();
  const [open, setOpen] = useState<Message | null>(null);
  const resource = useMemo<ResourceScreen<Message>>(
    () => ({
      ...messageScreen,
      // A tap on a message's card reads it, as Open does.
      open: (row) => setOpen(row),
      rowActions: (row) => (
        <IconAction
          tip={t`Open`}
          label={t`Open message from ${row.readerName}`}
          icon={IconMailOpened}
          data-testid="message-open"
          onClick={() => setOpen(row)}
        />
      ),
    }),
    [t],
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
