/**
 * A screen's code that cannot be fetched must not reload the page while the browser is offline.
 *
 * TanStack Router's split route components (`lazyRouteComponent`) reload the whole document when a
 * dynamic import fails with "Failed to fetch dynamically imported module", once per message, so
 * that a deploy which removed old chunks is picked up. Offline that reload cannot work: without a
 * service worker in control yet (a first session) it is Chromium's offline error page, and in any
 * session it throws away the console, and an upload with it, for nothing. The router skips the
 * reload when it has already done it for that message (its `tanstack_router_reload:<message>` key
 * in sessionStorage); Vite reports every failed import first (`vite:preloadError`, before the
 * router sees the error), so an import that fails while offline is marked as already reloaded and
 * the router shows the screen's error in place (the router's default error component) instead.
 * Online, the router's reload stays: it is how a new deploy's chunks are reached (a screen marked
 * offline keeps its mark for the tab's life: it then shows its error with Try again instead).
 */
const RELOAD_KEY_PREFIX = 'tanstack_router_reload:';

export function keepPageWhenChunksFailOffline(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (navigator.onLine) return;
    const error = (event as Event & { payload?: unknown }).payload;
    const message = error instanceof Error ? error.message : '';
    if (!message) return;
    try {
      sessionStorage.setItem(RELOAD_KEY_PREFIX + message, '1');
    } catch {
      // No storage: nothing keeps the router from reloading.
    }
  });
}

/**
 * A piece loaded on demand (a dialog, the toasts' host, a drawer) whose code cannot be fetched
 * while the browser is offline waits for the network and tries again, instead of failing: React's
 * `lazy` would keep the failure for good, and a failure outside any error boundary (the toasts'
 * host, mounted by the first "You are offline" message) takes the whole console down with it.
 * Meanwhile the piece shows its Suspense fallback. Online, a failure is a failure (a missing chunk
 * after a deploy) and is thrown as before.
 */
export function retryWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = (): Promise<T> =>
    load().catch((error: unknown) => {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      return new Promise<T>((resolve, reject) => {
        window.addEventListener('online', () => attempt().then(resolve, reject), { once: true });
      });
    });
  return attempt;
}
