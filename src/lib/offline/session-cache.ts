import { API_CACHE_PREFIX, apiCacheName, userKeyOf } from '../../sw/protocol/cache-keys';
import { getToken } from '../token';

/** The current session's key (hash of the token), or '' when signed out. */
export async function currentUserKey(): Promise<string> {
  const token = getToken();
  return token ? userKeyOf(token) : '';
}

/**
 * Deletes the cached lists of every session on this browser profile. Called at logout and at
 * sign-in: lists are keyed by session, so another session's cache is either another user's or
 * unreachable. The service worker also drops its expiry bookkeeping for them.
 */
export async function clearSessionCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = (await caches.keys()).filter((n) => n.startsWith(API_CACHE_PREFIX));
  await Promise.all(names.map((n) => caches.delete(n)));
  const worker = navigator.serviceWorker?.controller;
  for (const cacheName of names) worker?.postMessage({ type: 'CLEAR_API_CACHE', cacheName });
}

/** The cache name of the current session (tests and the bench look inside it). */
export async function currentCacheName(): Promise<string | undefined> {
  const key = await currentUserKey();
  return key ? apiCacheName(key) : undefined;
}
