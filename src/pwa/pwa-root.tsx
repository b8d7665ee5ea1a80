import { useLingui } from '@lingui/react/macro';
import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { sessionStore } from '../stores/session';
import { configurePendingWrites, flushPendingWrites, loadPendingWrites, pendingStore } from './pending-writes';
import { applyUpdate, pwaStore, registerServiceWorker } from './register';

const RETRY_MS = 30_000;

/**
 * The console's offline machinery, mounted once: registers the service worker, sends queued
 * writes when the network is back (and retries while some wait), and shows the update prompt.
 */
export function PwaRoot() {
  const queryClient = useQueryClient();
  const { t } = useLingui();

  useEffect(() => {
    registerServiceWorker();
    configurePendingWrites({
      onSent: (w) => {
        void queryClient.invalidateQueries({ queryKey: [w.path] });
        notifications.show({ color: 'green', message: t`Sent: ${w.title}`, autoClose: 4000, withBorder: true });
      },
    });
    const flush = () => {
      if (navigator.onLine && pendingStore.writes.some((w) => w.state === 'pending')) void flushPendingWrites();
    };
    const reload = () => void loadPendingWrites().then(flush);
    reload();
    // A new sign-in has its own queue.
    let token = sessionStore.token;
    const unsubscribe = subscribe(sessionStore, () => {
      if (sessionStore.token !== token) {
        token = sessionStore.token;
        reload();
      }
    });
    window.addEventListener('online', flush);
    // "Online" is only the browser's guess: while writes wait, try again now and then.
    const timer = setInterval(flush, RETRY_MS);
    return () => {
      unsubscribe();
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [queryClient, t]);

  return <UpdatePrompt />;
}

function UpdatePrompt() {
  const { updateReady } = useSnapshot(pwaStore);
  const { t } = useLingui();
  const [reloading, setReloading] = useState(false);
  if (!updateReady) return null;
  return (
    <Portal>
      <Notification
        role="status"
        data-testid="update-prompt"
        withCloseButton={false}
        withBorder
        title={t`A new version is available`}
        style={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1000, maxWidth: 360 }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{t`Open forms are kept.`}</Text>
          <Button
            size="xs"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void applyUpdate();
            }}
          >
            {t`Reload`}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
