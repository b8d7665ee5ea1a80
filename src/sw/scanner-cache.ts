/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/**
 * The barcode reader's WebAssembly (features/scan, ~1 MiB, 400 KiB gzipped) is not precached: most
 * members never press Scan, and the install would fetch it for all of them (the precache globs take
 * no .wasm). Kept on the first scan instead: its name carries its hash, so the copy never goes
 * stale; the newest one only, so an update does not pile them up.
 */
export const SCANNER_CACHE = 'lectern-scanner';

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && /\/assets\/[^/]+\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: SCANNER_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
);
