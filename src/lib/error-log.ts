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

// Writes are chained so two errors in one tick cannot overwrite each other.
let queue: Promise<unknown> = Promise.resolve();

export function logError(entry: ErrorLogEntry): Promise<void> {
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
  if (collecting()) void logError(toEntry(error, vm, info));
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
    if (enabled()) void logError(toEntry(e.error ?? e.message, 'window', `${e.filename}:${e.lineno}:${e.colno}`));
  });
  window.addEventListener('unhandledrejection', (e) => {
    if (enabled()) void logError(toEntry(e.reason, 'promise', 'unhandled rejection'));
  });
}
