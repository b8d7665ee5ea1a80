/// <reference lib="webworker" />
import { clearBadge, countsFor, refusal, SessionEnded, showBadge } from './badge';
import { checkWatchedVideos } from './notifications';
import {
  clearWorkerSession,
  REFRESH_SYNC_TAG,
  readWorkerSession,
  type WorkerSession,
  workerRequest,
} from './protocol/background';
import { apiCacheName, CACHE_AGE_HEADER } from './protocol/cache-keys';
import { dropStoreKey, perSessionKeys, waitingCount } from './protocol/notices';
import { REFRESH_MAX, readRecent } from './recent-requests';
import { apiCache } from './worker-cache';

/**
 * Periodic Background Sync (installed Chromium): while no console window is open, the worker asks
 * again for the signed-in member's most recently read lists, records and Home's figures, puts the
 * icon's badge right and tells of videos whose processing ended. Only for the session in its store (the
 * page writes it at each session check and clears it at sign-out), with that session's cookie,
 * into that session's cache. A session the server refuses is over: its caches, badge and store go.
 */
declare const self: ServiceWorkerGlobalScope;

const API_BASE = '/prod-api';

interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}
type WithPeriodicSync = ServiceWorkerRegistration & { periodicSync?: { unregister(tag: string): Promise<void> } };

self.addEventListener('periodicsync', (e) => {
  const event = e as PeriodicSyncEvent;
  if (event.tag !== REFRESH_SYNC_TAG) return;
  event.waitUntil(refreshAll(event));
});

export async function refreshAll(event: ExtendableEvent): Promise<void> {
  const session = await readWorkerSession();
  await dropOtherSessions(session?.userKey);
  if (!session) {
    // Signed out (the page could not unregister, or a sign-out elsewhere cleared the store).
    await clearBadge();
    await (self.registration as WithPeriodicSync).periodicSync?.unregister(REFRESH_SYNC_TAG).catch(() => undefined);
    return;
  }
  try {
    await refreshLists(session, event);
    await showBadge(session.userKey, waitingCount(await countsFor(session.userKey, API_BASE)));
    await checkWatchedVideos(session, API_BASE);
  } catch (err) {
    if (err instanceof SessionEnded) await endSession(session);
    else throw err;
  }
}

/** The recent reads still in the session's cache, asked again; what the cache let go stays out. */
async function refreshLists(session: WorkerSession, event: ExtendableEvent): Promise<void> {
  const cacheName = apiCacheName(session.userKey);
  if (!(await caches.has(cacheName))) return;
  const cache = await caches.open(cacheName);
  for (const r of (await readRecent(session.userKey)).slice(0, REFRESH_MAX)) {
    if (!(await cache.match(r.key))) continue;
    const headers: Record<string, string> = { Language: r.language ?? session.locale };
    if (r.method === 'POST') headers['Content-Type'] = 'application/json';
    const request = workerRequest(new URL(r.url, self.location.origin).href, {
      userKey: session.userKey,
      method: r.method,
      headers,
      ...(r.method === 'POST' ? { body: r.body } : {}),
    });
    const res = await apiCache.refresh(session.userKey, request, r.key, event);
    // The network did not answer in time: the stored copy came back, nothing to judge.
    if (res.headers.has(CACHE_AGE_HEADER)) continue;
    await refusal(res);
  }
}

/** The session ended elsewhere: nothing of it stays on the device. */
async function endSession(session: WorkerSession): Promise<void> {
  const names = (await caches.keys()).filter((n) => n.startsWith(apiCacheName(session.userKey)));
  await Promise.all(names.map((n) => apiCache.clear(n)));
  await clearBadge();
  const current = await readWorkerSession();
  if (current?.userKey === session.userKey) await clearWorkerSession();
  await dropOtherSessions(undefined);
}

/** What the store remembers of sessions other than the current one (their recent reads, watched videos). */
async function dropOtherSessions(userKey: string | undefined): Promise<void> {
  for (const k of await perSessionKeys()) if (k.userKey !== userKey) await dropStoreKey(k.key);
}
