/// <reference lib="webworker" />
import { UploadEngine } from './engine';
import { checkpointStore } from './persist';
import type { UploadCommand, UploadEvent } from './protocol';

/**
 * The dedicated module worker that owns the upload queue for the life of the tab:
 * `new Worker(new URL('../upload/worker.ts', import.meta.url), { type: 'module' })` (upload/client.ts).
 */
declare const self: DedicatedWorkerGlobalScope;

const engine = new UploadEngine({
  post: (e: UploadEvent) => self.postMessage(e),
  store: checkpointStore(),
  online: self.navigator.onLine,
});

self.addEventListener('message', (e: MessageEvent<UploadCommand>) => engine.command(e.data));
// Workers get online/offline too; the UI also sends its own as hints (set-online), whichever is first.
self.addEventListener('online', () => engine.dispatch({ type: 'set-online', online: true }));
self.addEventListener('offline', () => engine.dispatch({ type: 'set-online', online: false }));

engine.init().catch((e) => engine.log('error', `could not list interrupted uploads: ${String(e)}`));
