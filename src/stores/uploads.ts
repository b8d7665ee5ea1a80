import { proxy } from 'valtio';
import { http } from '../lib/api';
import { reportError } from '../lib/error-log';
import { createUploadClient, type UploadClient } from '../upload/client';
import { CHECKPOINT_DB, checkpointStore } from '../upload/persist';
import type { UploadCommand, UploadSnapshot, VodCredential } from '../upload/protocol';
import { initialQueue } from '../upload/queue';

/**
 * The valtio mirror of the upload worker's state for React. The worker (ali-oss and the upload
 * engine, the largest script of the console) is created on first use, i.e. when the upload panel
 * opens or a stored checkpoint says an upload was interrupted (startIfInterrupted), and lives for
 * the tab, so uploads go on while the user moves around the console.
 */
export interface UploadNotice {
  seq: number;
  code: string;
  message: string;
  itemId?: string;
}

export const uploadsStore = proxy({
  snapshot: initialQueue(typeof navigator === 'undefined' ? true : navigator.onLine) as UploadSnapshot,
  /** Whether the worker has sent its first snapshot. */
  connected: false,
  /** Latest errors (newest last, at most 20) for toasts and the panel. */
  notices: [] as UploadNotice[],
});

let client: UploadClient | null = null;
let seq = 0;

export function uploadClient(): UploadClient {
  if (client) return client;
  client = createUploadClient({
    getCredential: () => http.get<VodCredential>('/video/upload/credential'),
    onEvent: (e) => {
      switch (e.type) {
        case 'snapshot':
          uploadsStore.snapshot = e.state;
          uploadsStore.connected = true;
          return;
        case 'error':
          uploadsStore.notices.push({
            seq: ++seq,
            code: e.code,
            message: e.message,
            ...(e.id ? { itemId: e.id } : {}),
          });
          if (uploadsStore.notices.length > 20) uploadsStore.notices.shift();
          return;
        case 'log':
          // The worker already logged to its own console; errors are mirrored here for the error log.
          if (e.level === 'error') {
            console.error(e.message);
            reportError(new Error(e.message), '[upload] worker', 'upload worker');
          }
          return;
        case 'credential-needed':
          return;
      }
    },
  });
  return client;
}

export const sendUpload = (c: UploadCommand): void => uploadClient().post(c);

/** Whether IndexedDB holds a checkpoint, i.e. an upload that a reload or crash interrupted. */
export async function interruptedUploadStored(): Promise<boolean> {
  // Opening the database by name would create it for everyone who never uploaded: look first.
  const known = await indexedDB.databases?.().catch(() => undefined);
  if (known && !known.some((d) => d.name === CHECKPOINT_DB)) return false;
  return (await checkpointStore().list()).length > 0;
}

let checked: Promise<void> | null = null;

/**
 * Starts the worker with the console only when an upload was interrupted, so the navbar can show
 * it and the panel lists it; once, when the browser is idle (the page's own loading goes first).
 */
export function startIfInterrupted(): Promise<void> {
  checked ??= new Promise<void>((idle) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => idle(), { timeout: 3000 });
    else setTimeout(idle, 500);
  })
    .then(interruptedUploadStored)
    .then((stored) => {
      if (stored) uploadClient();
    })
    .catch((e: unknown) => reportError(e, '[upload] checkpoints', 'upload worker'));
  return checked;
}
