/// <reference lib="webworker" />

import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';
import { networkFirst } from '../pwa/network-first';
import type { OfflineConfig } from './protocol/build-config';
import {
  apiCacheName,
  CACHE_AGE_HEADER,
  CACHED_AT_HEADER,
  IMAGE_CACHE,
  listCacheKey,
  userKeyOf,
} from './protocol/cache-keys';

declare const self: ServiceWorkerGlobalScope;

/**
 * Network first with a timeout, falling back to the cached answer (marked with its age). Lists are
 * cached per signed-in session under a key made of path, query and body hash; images in one shared
 * cache. Each cache is bounded by entries and age (workbox-expiration), oldest evicted.
 */
export function createApiCache(config: OfflineConfig) {
  const expirations = new Map<string, CacheExpiration>();
  const expirationFor = (cacheName: string, maxEntries: number) => {
    let e = expirations.get(cacheName);
    if (!e) {
      e = new CacheExpiration(cacheName, { maxEntries, maxAgeSeconds: config.maxAgeSeconds });
      expirations.set(cacheName, e);
    }
    return e;
  };

  async function store(cacheName: string, key: string, res: Response, maxEntries: number): Promise<void> {
    const headers = new Headers(res.headers);
    headers.set(CACHED_AT_HEADER, String(Date.now()));
    const copy = new Response(await res.arrayBuffer(), { status: res.status, statusText: res.statusText, headers });
    const cache = await caches.open(cacheName);
    await cache.put(key, copy);
    const expiration = expirationFor(cacheName, maxEntries);
    await expiration.updateTimestamp(key);
    await expiration.expireEntries();
  }

  async function cached(cacheName: string, key: string, maxEntries: number): Promise<Response | undefined> {
    const cache = await caches.open(cacheName);
    const hit = await cache.match(key);
    if (!hit) return undefined;
    if (await expirationFor(cacheName, maxEntries).isURLExpired(key)) {
      await cache.delete(key);
      return undefined;
    }
    const storedAt = Number(hit.headers.get(CACHED_AT_HEADER)) || Date.now();
    const headers = new Headers(hit.headers);
    headers.set(CACHE_AGE_HEADER, String(Math.max(0, Math.round((Date.now() - storedAt) / 1000))));
    return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
  }

  /** Only answers worth showing again: 200 with the success envelope (never 50008, never errors). */
  async function worthKeeping(res: Response, json: boolean): Promise<boolean> {
    if (res.status !== 200 || res.type === 'opaque') return false;
    if (!json) return true;
    try {
      const env = (await res.clone().json()) as { code?: unknown };
      return env.code === 20000;
    } catch {
      return false;
    }
  }

  async function fromNetworkFirst(
    event: ExtendableEvent,
    request: Request,
    cacheName: string,
    key: string,
    json: boolean,
    maxEntries: number,
  ): Promise<Response> {
    const network = fetch(request).then(async (res) => {
      if (await worthKeeping(res, json)) await store(cacheName, key, res.clone(), maxEntries);
      return res;
    });
    // The request goes on after a timeout, so its answer still refreshes the cache.
    event.waitUntil(network.then(noop, noop));
    return networkFirst(network, () => cached(cacheName, key, maxEntries), config.timeoutMs);
  }

  /** POST …/page and GET …/list: per session; no token, no caching at all. */
  async function list({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
    const token = request.headers.get('X-Token');
    if (!token) return fetch(request);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const [user, key] = await Promise.all([
      userKeyOf(token),
      listCacheKey(self.location.origin, url.pathname, url.search, body),
    ]);
    return fromNetworkFirst(event as ExtendableEvent, request, apiCacheName(user), key, true, config.maxEntries);
  }

  /** Stored images: public, immutable URLs, so one shared cache. */
  async function image({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
    return fromNetworkFirst(event as ExtendableEvent, request, IMAGE_CACHE, request.url, false, config.maxImages);
  }

  /** Logout: the session's cache and its expiry bookkeeping. */
  async function clear(cacheName: string): Promise<void> {
    await caches.delete(cacheName);
    await expirations.get(cacheName)?.delete();
    expirations.delete(cacheName);
  }

  return { list, image, clear };
}

const noop = () => undefined;
