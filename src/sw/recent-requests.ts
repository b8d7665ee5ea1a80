import { get, update } from 'idb-keyval';
import { workerStore } from './protocol/background';

/**
 * The cacheable reads the worker served per session (lists, records, pickers, Home's series), newest first:
 * what the periodic refresh asks again while no console is open. Bounded (REFRESH_MAX), keyed by
 * the session's key, never holding a token (the query's `token` is dropped, no header is kept but
 * the language).
 */
export interface RecentRequest {
  method: 'GET' | 'POST';
  /** Path and query, without `token`. */
  url: string;
  body: string;
  /** Its key in the session's cache (listCacheKey). */
  key: string;
  language: string | null;
  at: number;
}

export const REFRESH_MAX = 20;
const recentKey = (userKey: string) => `recent:${userKey}`;

/** Writes to the store one at a time, so a burst of list reads does not interleave updates. */
let queue: Promise<void> = Promise.resolve();

export function recordRecent(userKey: string, request: Request, url: URL, body: string, key: string): void {
  if (request.method !== 'GET' && request.method !== 'POST') return;
  const clean = new URL(url.href);
  clean.searchParams.delete('token');
  const entry: RecentRequest = {
    method: request.method,
    url: `${clean.pathname}${clean.search}`,
    body,
    key,
    language: request.headers.get('Language'),
    at: Date.now(),
  };
  queue = queue
    .then(() =>
      update<RecentRequest[]>(
        recentKey(userKey),
        (old = []) => [entry, ...old.filter((r) => r.key !== key)].slice(0, REFRESH_MAX),
        workerStore(),
      ),
    )
    .catch(() => undefined);
}

export const readRecent = async (userKey: string): Promise<RecentRequest[]> =>
  (await get<RecentRequest[]>(recentKey(userKey), workerStore())) ?? [];
