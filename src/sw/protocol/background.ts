/**
 * What the page and the service worker agree on for work done while no console window is open
 * (background refresh, queued writes, the badge, notifications). Pure apart from Request/Headers
 * and idb-keyval, which both have.
 *
 * The worker never holds the member's token. Its own requests carry the session's HttpOnly cookie
 * (`lectern_session`, path /prod-api, SameSite=Strict, set by the server at sign-in) and the
 * header below with the key of the session it acts for (`userKeyOf(token)`, a hash). The server
 * accepts the cookie only with that header and only when the two name the same session, so a
 * request made for one member can never act as another who signed in since on the same profile,
 * and no other site can make such a request (it knows neither the cookie nor the key).
 */
import { createStore, del, get, set } from 'idb-keyval';

export const WORKER_SESSION_HEADER = 'X-Lectern-Session';
/** A write replayed with the same key is answered from the server's record, not applied again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** One-off Background Sync: queued writes. */
export const WRITES_SYNC_TAG = 'lectern-writes';
/** Periodic Background Sync: lists, Home, the badge and videos' states refreshed while closed. */
export const REFRESH_SYNC_TAG = 'lectern-refresh';

/** The signed-in member the worker may act for; absent when signed out. */
export interface WorkerSession {
  /** `userKeyOf(token)`: names the session's cache (`lectern-api-<userKey>`) and its requests. */
  userKey: string;
  staffId: number;
  roles: string[];
  /** The console's language when it last wrote this (notifications are shown in it). */
  locale: string;
  /** Whether the member chose to stay signed in on this device. */
  remember: boolean;
  updatedAt: number;
}

const SESSION_KEY = 'session';
let store: ReturnType<typeof createStore> | undefined;
/** The worker's own small store (not the API caches): the session it acts for and what it remembers. */
export const workerStore = () => {
  store ??= createStore('lectern-worker', 'state');
  return store;
};

export const readWorkerSession = (): Promise<WorkerSession | undefined> =>
  get<WorkerSession>(SESSION_KEY, workerStore());
export const writeWorkerSession = (s: WorkerSession): Promise<void> => set(SESSION_KEY, s, workerStore());
export const clearWorkerSession = (): Promise<void> => del(SESSION_KEY, workerStore());

/** A request the worker sends for `userKey`: the cookie, never a token. */
export function workerRequest(url: string, init: RequestInit & { userKey: string }): Request {
  const { userKey, headers, ...rest } = init;
  const h = new Headers(headers);
  h.set(WORKER_SESSION_HEADER, userKey);
  return new Request(url, { ...rest, headers: h, credentials: 'same-origin' });
}
