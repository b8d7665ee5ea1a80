import { proxy } from 'valtio';
import { http } from '../../lib/api';
import { reportError } from '../../lib/error-log';
import { createUploadClient, type UploadClient } from '../../upload/client';
import type { UploadCommand, UploadSnapshot, VodCredential } from '../../upload/protocol';
import { initialQueue } from '../../upload/queue';
import { uploadPresence } from './upload-presence';

/**
 * The valtio mirror of the upload worker's state for React. The worker (ali-oss and the upload
 * engine, the largest script of the console) is created on first use, i.e. when the upload panel
 * opens or a stored checkpoint says an upload was interrupted (upload-presence.ts), and lives for
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
  uploadPresence.started = true;
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
