import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { loadUserInfo } from '../lib/auth';
import { lazy } from '../lib/lazy';
import {
  configurePendingWrites,
  flushPendingWrites,
  loadPendingWrites,
  pendingStore,
} from '../lib/offline/pending-writes';
import { nounOfApi } from '../resources/specs';
import { sessionStore } from '../stores/session';
import { pwaStore, registerServiceWorker } from './register';

// Shown only when a new version waits: loaded then.
const UpdatePrompt = lazy(() => import('./update-prompt'));

const RETRY_MS = 30_000;

/**
 * The console's offline machinery, mounted once: registers the service worker, sends queued
 * writes when the network is back (and retries while some wait), and shows the update prompt.
 */
export function PwaRoot() {
  const queryClient = useQueryClient();
  const { t } = useLingui();

  useEffect(() => {
    // The session check (/auth/info) of a first visit went out before the worker was in control,
    // so the worker never cached it, and offline the console could not open although its lists
    // were cached: once the worker controls the page, ask again, through it.
    const stopWaiting = whenSignedInAndIdle(() =>
      registerServiceWorker(() => {
        if (sessionStore.token) loadUserInfo().catch(() => undefined);
      }),
    );
    configurePendingWrites({
      onSent: (w) => {
        // Queries are keyed by noun; the write holds the path it went to.
        void queryClient.invalidateQueries({ queryKey: [nounOfApi(w.path) ?? w.path] });
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
      stopWaiting();
      unsubscribe();
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [queryClient, t]);

  const { updateReady } = useSnapshot(pwaStore);
  return updateReady ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

/**
 * A first visit installs the service worker, whose precache is the whole console (a few MB): not
 * while the sign-in page loads and the user types, but once the console is open (signed in, the
 * session checked) and the browser is idle. A browser that has the worker already registers at once
 * (it only checks for a new version).
 */
function whenSignedInAndIdle(start: () => void): () => void {
  if (typeof navigator === 'undefined' || navigator.serviceWorker?.controller) {
    start();
    return () => undefined;
  }
  let scheduled = false;
  const check = () => {
    if (scheduled || !sessionStore.token || sessionStore.roles.length === 0) return;
    scheduled = true;
    stop();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 1000);
  };
  const stop = subscribe(sessionStore, check);
  check();
  return stop;
}
