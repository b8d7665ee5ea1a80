/**
 * The console's code (its entry, the layout and Home, with their styles), fetched into the HTTP
 * cache while the user types, so the console opens at once after signing in. The list is written
 * into login.html at build time (vite.config.ts, `consoleAssetList`); `<link rel=prefetch>` is the
 * browser's lowest priority, and it starts only when the main thread is idle after the first
 * keystroke: it never competes with the sign-in page itself.
 */
export function consoleAssets(doc: Document = document): string[] {
  const data = doc.getElementById('si-console')?.textContent;
  try {
    const list: unknown = data ? JSON.parse(data) : [];
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

type Idle = (run: () => void) => void;
const whenIdle: Idle = (run) =>
  typeof requestIdleCallback === 'function'
    ? void requestIdleCallback(run, { timeout: 2000 })
    : void setTimeout(run, 1);

let started = false;

/** Once per page: the first call schedules the prefetch, later calls do nothing. */
export function prefetchConsole(doc: Document = document, idle: Idle = whenIdle): void {
  if (started) return;
  started = true;
  idle(() => {
    for (const href of consoleAssets(doc)) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      if (href.endsWith('.js')) link.as = 'script';
      else if (href.endsWith('.css')) link.as = 'style';
      doc.head.append(link);
    }
  });
}
