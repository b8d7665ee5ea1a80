/// <reference lib="webworker" />
import { entriesOf, keepShared, SHARE_ACTION, SHARE_FIELDS, SHARED_SCREENS, screenFor } from './protocol/shared-files';

/**
 * "Share to Lectern" (Web Share Target, the manifest's share_target): the share sheet POSTs the
 * files as multipart to the action; the worker keeps them in IndexedDB (protocol/shared-files.ts)
 * and answers 303 with the screen that takes them, which finds them there — after a sign-in too,
 * since nothing here depends on the session. Imported by sw.ts before its own routes, so this
 * worker's listeners come first.
 */
declare const self: ServiceWorkerGlobalScope;

const ACTION = `${import.meta.env.BASE_URL}${SHARE_ACTION}`;

// sw.ts sends POSTs outside the API straight to the network (static routing). Rules apply in the
// order they were added, and this listener runs before sw.ts's: the share's POST is kept for the
// fetch handler below. Without static routing the fetch event sees it anyway.
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (!install.addRoutes) return;
  install.waitUntil(
    install
      .addRoutes([{ condition: { urlPattern: { pathname: ACTION }, requestMethod: 'POST' }, source: 'fetch-event' }])
      .catch(() => undefined),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname !== ACTION) return;
  event.respondWith(receive(request));
});

async function receive(request: Request): Promise<Response> {
  const base = `${self.location.origin}${import.meta.env.BASE_URL}`;
  let screen: string = SHARED_SCREENS.video;
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_FIELDS.files).filter((f): f is File => typeof f !== 'string');
    const title = form.get(SHARE_FIELDS.title);
    const entries = entriesOf(files, 'share', typeof title === 'string' ? title : undefined);
    screen = SHARED_SCREENS[screenFor(entries)];
    await keepShared(entries);
    return Response.redirect(`${base}${screen}`, 303);
  } catch (e) {
    // Not kept (a body that is not multipart, storage full): the screen says so instead of
    // opening as if nothing had been shared.
    console.error('[share] not kept:', e);
    return Response.redirect(`${base}${screen}?shareFailed=1`, 303);
  }
}
