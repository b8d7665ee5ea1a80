import { proxy } from 'valtio';
import { Workbox } from 'workbox-window';
import { flushDrafts } from './drafts';

/** Whether a new version of the console is installed and waiting for the user's go. */
export const pwaStore = proxy({ updateReady: false });

let wb: Workbox | undefined;
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only: in dev Vite would answer sw.js with HTML).
 * A new version waits; the update prompt applies it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || wb) return;
  const base = import.meta.env.BASE_URL;
  wb = new Workbox(`${base}sw.js`, { scope: base });
  wb.addEventListener('waiting', () => {
    pwaStore.updateReady = true;
  });
  void wb.register();
  // A long-open console still learns about new versions.
  setInterval(() => void wb?.update(), UPDATE_CHECK_MS);
}

/** Activates the waiting version and reloads once it controls the page; open form drafts are saved first. */
export async function applyUpdate(): Promise<void> {
  await flushDrafts();
  if (!wb) return location.reload();
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}
