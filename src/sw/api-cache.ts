/// <reference lib="webworker" />

import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import type { OfflineConfig } from './protocol/build-config';
import {
  apiCacheName,
  CACHE_AGE_HEADER,
  CACHED_AT_HEADER,
  IMAGE_CACHE,
  listCacheKey,
  userKeyOf,
} from './protocol/cache-keys';
import { recordRecent } from './recent-requests';

declare const self: ServiceWorkerGlobalScope;

const SESSION_INFO_PATH = '/auth/info';
/** Still under the session's prefix, so signing out clears it with the lists. */
const SESSION_CACHE_SUFFIX = '-session';

/**
 * Workbox's NetworkFirst with a timeout: the network's answer if it comes in time, else the cached
 * one (marked with its age), else whatever the network brings; a failure also falls back. A request
 * that timed out goes on and its answer still refreshes the cache. Lists are cached per signed-in
 * session under a key made of path, query and body hash (a POST cannot be a Cache key); images in
 * one shared cache. Each cache is bounded by entries and age (ExpirationPlugin), oldest evicted.
 */
export function createApiCache(config: OfflineConfig) {
  const strategies = new Map<string, { strategy: NetworkFirst; expiration: ExpirationPlugin }>();
  const strategyFor = (cacheName: string, json: boolean, maxEntries: number) => {
    let s = strategies.get(cacheName);
    if (!s) {
      const expiration = new ExpirationPlugin({ maxEntries, maxAgeSeconds: config.maxAgeSeconds });
      const strategy = new NetworkFirst({
        cacheName,
        networkTimeoutSeconds: config.timeoutMs / 1000,
        plugins: [keyFromParams, keepOnly(json), expiration, markAge],
      });
      s = { strategy, expiration };
      strategies.set(cacheName, s);
    }
    return s.strategy;
  };

  /** POST …/page, GET …/list and GET …/<id> (a record): per session; no token, no caching at all. */
  async function list({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
    const token = request.headers.get('X-Token');
    if (!token) return fetch(request);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const [user, key] = await Promise.all([
      userKeyOf(token),
      listCacheKey(self.location.origin, url.pathname, url.search, body),
    ]);
    // The session's own info lives apart from the lists: however many lists a member visits, the
    // bound on lists never evicts it, and without it the console cannot open offline.
    const info = url.pathname.endsWith(SESSION_INFO_PATH);
    // What the periodic refresh asks again while the console is closed (periodic.ts).
    if (!info) recordRecent(user, request, url, body, key);
    const strategy = info
      ? strategyFor(`${apiCacheName(user)}${SESSION_CACHE_SUFFIX}`, true, 1)
      : strategyFor(apiCacheName(user), true, config.maxEntries);
    return strategy.handle({ event, request, params: { key } }).catch(noAnswer);
  }

  /**
   * The periodic refresh: a request the worker made for a session (workerRequest: its cookie, no
   * token) stored under the list's key in that session's cache by the same rules as a page's.
   */
  function refresh(userKey: string, request: Request, key: string, event: ExtendableEvent): Promise<Response> {
    return strategyFor(apiCacheName(userKey), true, config.maxEntries).handle({ event, request, params: { key } });
  }

  /** Stored images: public, immutable URLs, so one shared cache. */
  async function image({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
    return strategyFor(IMAGE_CACHE, false, config.maxImages).handle({ event, request }).catch(noAnswer);
  }

  /** Logout: the session's cache and its expiry bookkeeping. */
  async function clear(cacheName: string): Promise<void> {
    const s = strategies.get(cacheName);
    strategies.delete(cacheName);
    if (s) await s.expiration.deleteCacheAndMetadata();
    else await caches.delete(cacheName);
  }

  return { list, image, clear, refresh };
}

/**
 * Neither the network nor a stored copy (offline, a list never read on this device): the page's
 * request fails as it would without the worker, and its screen says so. Not a rejection: Chromium
 * reports the strategy's `no-response` given to respondWith as an unhandled rejection of the
 * worker, which report-errors.ts would post to the error log as a fault.
 */
const noAnswer = (): Response => Response.error();

/** The list's key (computed in `list`, passed as the handler's params) instead of the request. */
const keyFromParams: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, params }) => {
    const key = (params as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' ? key : request;
  },
};

/**
 * Only answers worth showing again: 200 with the success envelope (never 50008, never errors, never
 * a session check of a password that must change), stamped with the time they were stored so a later cache hit can say how old it is.
 */
const keepOnly = (json: boolean): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === 'opaque') return null;
    if (json) {
      try {
        const env = (await response.clone().json()) as { code?: unknown; data?: { mustChangePassword?: unknown } };
        if (env.code !== 20000) return null;
        // A session check that says the password must change is true only until the change: kept,
        // it would answer a later check (offline, or a slow network past the timeout) with the
        // old lock. Such a session cannot work offline anyway (every other call is refused).
        if (env.data?.mustChangePassword === true) return null;
      } catch {
        return null;
      }
    }
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, String(Date.now()));
    return new Response(await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
});

/** A cached answer carries its age in seconds, which the console shows as "offline copy from …". */
const markAge: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const storedAt = Number(cachedResponse.headers.get(CACHED_AT_HEADER)) || Date.now();
    const headers = new Headers(cachedResponse.headers);
    headers.set(CACHE_AGE_HEADER, String(Math.max(0, Math.round((Date.now() - storedAt) / 1000))));
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};
