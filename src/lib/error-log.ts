import { createStore, get, set } from 'idb-keyval';
import { proxy } from 'valtio';
import type { WorkerErrorMessage } from '../sw/protocol/error-message';

/** An error-log entry (docs/product.md §3: err, vm, info, url) plus when it happened. */
export interface ErrorLogEntry {
  err: { name: string; message: string; stack?: string };
  /** Where it came from: a component stack, 'window', 'promise', '[upload] worker', '[sw]'. */
  vm: string;
  info: string;
  url: string;
  time: string;
}

export const ERROR_LOG_LIMIT = 200;
const store = typeof indexedDB === 'undefined' ? undefined : createStore('lectern-error-log', 'entries');
const KEY = 'log';

export const errorLogStore = proxy({ entries: [] as ErrorLogEntry[] });

/** Pure: append and keep the newest `limit` entries (oldest dropped). */
export function appendBounded(entries: readonly ErrorLogEntry[], entry: ErrorLogEntry, limit = ERROR_LOG_LIMIT) {
  const next = [...entries, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export function toEntry(error: unknown, vm: string, info: string, url = location.href): ErrorLogEntry {
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  return { err: { name: e.name, message: e.message, stack: e.stack }, vm, info, url, time: new Date().toISOString() };
}

/**
 * What browsers say of a request or a module import that got no answer: Chromium ("Failed to
 * fetch", "Failed to fetch dynamically imported module"), Firefox ("NetworkError when attempting
 * to fetch resource", "error loading dynamically imported module"), Safari ("Load failed",
 * "Importing a module script failed"), and Vite's preload of a chunk's CSS.
 */
const NO_ANSWER = [
  /failed to fetch/i,
  /networkerror when attempting to fetch/i,
  /^load failed$/i,
  /importing a module script failed/i,
  /error loading dynamically imported module/i,
  /unable to preload css/i,
];

/**
 * Pure: whether an error is the network's absence rather than a fault, and so not logged. Offline
 * is a state the console explains (the offline banner, a list's or a screen's own offline notice):
 * while the browser is offline, a request or a chunk that got no answer is not an error. Neither,
 * at any time, is a failure the http client found nothing to tell of (`explained`: a read the
 * offline machinery answers, a write kept for later; lib/http.ts). Everything else is logged: a
 * server's 5xx, a refusal, and a request that failed while online.
 */
export function isNetworkAbsence(
  err: { name?: string; message?: string; explained?: unknown } | null | undefined,
  online: boolean,
): boolean {
  if (!err) return false;
  if (err.name === 'NetworkError' && err.explained === true) return true;
  // The service worker's network-first read found neither the network nor a stored copy (posted
  // by a worker of an older version; see src/sw/api-cache.ts): the page's request fails and its
  // screen says so.
  if (err.name === 'no-response') return true;
  if (online) return false;
  return err.name === 'NetworkError' || NO_ANSWER.some((re) => re.test(err.message ?? ''));
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

// Writes are chained so two errors in one tick cannot overwrite each other.
let queue: Promise<unknown> = Promise.resolve();

/** Appends an entry, unless it is the network's absence (see {@link isNetworkAbsence}). */
export function logError(entry: ErrorLogEntry): Promise<void> {
  if (isNetworkAbsence(entry.err, browserOnline())) return Promise.resolve();
  const next = appendBounded(JSON.parse(JSON.stringify(errorLogStore.entries)) as ErrorLogEntry[], entry);
  // valtio wraps what it is given in place, and IndexedDB cannot clone proxies: the store gets a
  // copy, `next` stays plain. A failed write is only warned about: reporting it as an error would
  // feed the log its own failures, forever.
  errorLogStore.entries = structuredClone(next);
  const write = queue.then(() => (store ? set(KEY, next, store) : undefined));
  queue = write.catch((e: unknown) => console.warn('[error-log] not saved:', e));
  return queue.then(() => undefined);
}

export async function loadErrorLog(): Promise<void> {
  if (!store) return;
  const saved = await get<ErrorLogEntry[]>(KEY, store).catch(() => undefined);
  if (Array.isArray(saved)) errorLogStore.entries = saved.slice(-ERROR_LOG_LIMIT);
}

export async function clearErrorLog(): Promise<void> {
  errorLogStore.entries = [];
  if (store) await set(KEY, [], store);
}

/** docs/product.md §6: the collector runs only when the setting matches the environment. */
export function errorLogEnabled(setting: string, production: boolean): boolean {
  if (setting === 'always') return true;
  if (setting === 'never') return false;
  return setting === (production ? 'production' : 'development');
}

let installed = false;
let collecting: () => boolean = () => false;

/**
 * Errors from outside the page's own JavaScript — the upload worker, the service worker — reported
 * by the code that hears of them; kept only while the collector is on.
 */
export function reportError(error: unknown, vm: string, info: string): void {
  if (collecting() && !isNetworkAbsence(error as Error, browserOnline())) void logError(toEntry(error, vm, info));
}

const isWorkerError = (d: unknown): d is WorkerErrorMessage =>
  typeof d === 'object' && d !== null && (d as { type?: unknown }).type === 'lectern:error';

/**
 * Window errors, unhandled rejections and service-worker errors; render errors come through React's
 * root callbacks, upload-worker errors through reportError.
 */
export function installErrorLog(enabled: () => boolean): void {
  if (installed) return;
  installed = true;
  collecting = enabled;
  void loadErrorLog();
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent) => {
    if (!isWorkerError(e.data)) return;
    const err = Object.assign(new Error(e.data.message), { name: e.data.name, stack: e.data.stack });
    reportError(err, '[sw]', e.data.info);
  });
  window.addEventListener('error', (e) => {
    if (enabled() && !isNetworkAbsence(e.error as Error, browserOnline())) {
      void logError(toEntry(e.error ?? e.message, 'window', `${e.filename}:${e.lineno}:${e.colno}`));
    }
  });
  window.addEventListener('unhandledrejection', (e) => {
    // The reason itself: whether the http client explained it is not kept in the entry.
    if (enabled() && !isNetworkAbsence(e.reason as Error, browserOnline())) {
      void logError(toEntry(e.reason, 'promise', 'unhandled rejection'));
    }
  });
}
