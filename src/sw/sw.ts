/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_CACHE_PREFIX, apiCacheKind } from './protocol/cache-keys';
import { OPS_PATH_RE, OPS_PATHS } from './protocol/ops-paths';
import './periodic';
import './report-errors';
import './scanner-cache';
import './share-target';
import './writes-sync';
import { apiCache } from './worker-cache';

/**
 * Lectern's service worker: the precached app shell (the console opens offline after one visit),
 * network-first cached reads (lists, records, Home's figures) and images, and what the installed
 * app does while closed, each in its own module: files shared to it (share-target.ts), queued
 * writes sent on Background Sync (writes-sync.ts), the periodic refresh, badge and video notices
 * (periodic.ts). Upload traffic (/vod, the bucket, /prod-api/video/upload, /prod-api/file/upload)
 * and the page's writes pass straight through.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const BASE = import.meta.env.BASE_URL;
const API_BASE = '/prod-api';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open console at once (so its first lists are cached); later
// versions wait until the user accepts the update prompt (SKIP_WAITING below).
clientsClaim();

// The sign-in page is a document of its own (login.html), like the server answers it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${BASE}login.html`), {
    // Matched against the path and the query (`/login?redirect=…`).
    allowlist: [new RegExp(`^${escapeRegExp(BASE)}login(\\?|$)`)],
  }),
);

// Client-side routes get the precached index.html. Not the API, not the video service, not the
// health and metrics endpoints, and not anything that looks like a file (a bucket object opened in a tab).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${BASE}index.html`), {
    allowlist: [new RegExp(`^${escapeRegExp(BASE)}`)],
    denylist: [/^\/prod-api(\/|$)/, /^\/vod(\/|$)/, OPS_PATH_RE, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;
registerRoute(
  ({ url, request }) => sameOrigin(url) && apiCacheKind(request.method, url.pathname, API_BASE) === 'list',
  apiCache.list,
  'POST',
);
registerRoute(
  ({ url, request }) => sameOrigin(url) && apiCacheKind(request.method, url.pathname, API_BASE) === 'list',
  apiCache.list,
  'GET',
);
registerRoute(
  ({ url, request }) => sameOrigin(url) && apiCacheKind(request.method, url.pathname, API_BASE) === 'image',
  apiCache.image,
  'GET',
);

// Traffic this worker never handles skips it entirely (Service Worker static routing, where the
// browser has it): uploads to the video service and the bucket, health and metrics, every PUT and
// DELETE, and POSTs outside the API, so they reach the network exactly as from a page without a worker.
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (!install.addRoutes) return;
  const path = (pathname: string) => ({ urlPattern: { pathname } });
  install.waitUntil(
    install
      .addRoutes([
        { condition: { requestMethod: 'PUT' }, source: 'network' },
        { condition: { requestMethod: 'DELETE' }, source: 'network' },
        { condition: path('/vod{/*}?'), source: 'network' },
        { condition: path(`${API_BASE}/video/upload/*`), source: 'network' },
        { condition: path(`${API_BASE}/file/upload/*`), source: 'network' },
        ...OPS_PATHS.map((p) => ({ condition: path(p), source: 'network' })),
        {
          condition: { not: { or: [path(`${API_BASE}/*`), { requestMethod: 'GET' }, { requestMethod: 'HEAD' }] } },
          source: 'network',
        },
      ])
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; cacheName?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CLEAR_API_CACHE' && data.cacheName?.startsWith(API_CACHE_PREFIX)) {
    event.waitUntil(apiCache.clear(data.cacheName));
  }
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
