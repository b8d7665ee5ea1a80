/// <reference lib="webworker" />
import type { WorkerErrorMessage } from './protocol/error-message';

/**
 * The service worker's own failures reach the console's error log: each is posted to every open
 * page, which stores it under '[sw]' (src/lib/error-log.ts) when the collector is on.
 */
declare const self: ServiceWorkerGlobalScope;

function post(error: unknown, info: string): void {
  const e = error instanceof Error ? error : new Error(String(error));
  const message: WorkerErrorMessage = { type: 'lectern:error', name: e.name, message: e.message, stack: e.stack, info };
  void self.clients
    .matchAll({ includeUncontrolled: true, type: 'window' })
    .then((pages) => {
      for (const page of pages) page.postMessage(message);
    })
    .catch(() => undefined);
}

self.addEventListener('error', (e) => post(e.error ?? e.message, `${e.filename}:${e.lineno}:${e.colno}`));
self.addEventListener('unhandledrejection', (e) => post(e.reason, 'unhandled rejection'));
