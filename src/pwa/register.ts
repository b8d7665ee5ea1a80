import { proxy } from 'valtio';
import type { Workbox } from 'workbox-window';
import { flushDrafts } from '../lib/offline/drafts';

/** Whether a new version of the console is installed and waiting for the user's go. */
export const pwaStore = proxy({ updateReady: false });

let wb: Workbox | undefined;
let registering = false;
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only: in dev Vite would answer sw.js with HTML).
 * A new version waits; the update prompt applies it.
 *
 * `onFirstControl` runs when a worker takes control of a page that had none (the first visit):
 * what the page fetched before went to the network only and is in none of the worker's caches.
 */
export function registerServiceWorker(onFirstControl: () => void = () => undefined): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  const base = import.meta.env.BASE_URL;
  if (!navigator.serviceWorker.controller) {
    const first = () => {
      navigator.serviceWorker.removeEventListener('controllerchange', first);
      onFirstControl();
    };
    navigator.serviceWorker.addEventListener('controllerchange', first);
  }
  registering = true;
  // workbox-window is needed only now (when the browser is idle, see pwa-root.tsx).
  void import('workbox-window').then(({ Workbox }) => {
    wb = new Workbox(`${base}sw.js`, { scope: base });
    wb.addEventListener('waiting', () => {
      pwaStore.updateReady = true;
    });
    // Refused (a browser or profile without service workers): the console works without one.
    wb.register().catch((e: unknown) => console.warn('[sw] not registered:', e));
    // A long-open console still learns about new versions.
    setInterval(() => void wb?.update(), UPDATE_CHECK_MS);
  });
}

/** Activates the waiting version and reloads once it controls the page; open form drafts are saved first. */
export async function applyUpdate(): Promise<void> {
  await flushDrafts();
  if (!wb) return location.reload();
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}
