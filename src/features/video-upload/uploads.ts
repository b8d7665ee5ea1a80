import { proxy } from 'valtio';
import { http } from '../../lib/api';
import { reportError } from '../../lib/error-log';
import { ApiError } from '../../lib/http';
import { isSessionEnd, renewSession } from '../../lib/session-end';
import { createUploadClient, type UploadClient } from '../../upload/client';
import { assignChanged, Coalescer, summarise, type UploadSummary } from '../../upload/page-updates';
import type { UploadCommand, UploadSnapshot, VodCredential } from '../../upload/protocol';
import { initialQueue } from '../../upload/queue';
import { uploadPresence } from './upload-presence';

/**
 * The valtio mirror of the upload worker's state for React. The worker (ali-oss and the upload
 * engine, the largest script of the console) is created on first use, i.e. when the upload panel
 * opens or a stored checkpoint says an upload was interrupted (upload-presence.ts), and lives for
 * the tab, so uploads go on while the user moves around the console. With several windows open,
 * one runs it and the others show its progress and pass it their files (upload/tabs.ts).
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
  /** The uploads run in another window of the console; this one shows them (upload/tabs.ts). */
  elsewhere: false,
});

/** The indicator's figures only (upload/page-updates.ts): it re-renders when a whole percent changes. */
export const uploadsSummary = proxy<UploadSummary>(summarise(uploadsStore.snapshot));

// At most four snapshots a second reach the store, the last always (upload/page-updates.ts).
const snapshots = new Coalescer<UploadSnapshot>((state) => {
  uploadsStore.snapshot = state;
  uploadsStore.connected = true;
  assignChanged(uploadsSummary, summarise(state));
});

let client: UploadClient | null = null;
let seq = 0;

export function uploadClient(): UploadClient {
  if (client) return client;
  uploadPresence.started = true;
  client = createUploadClient({
    // Quiet: a refusal reaches the user through the worker's own error notice, and an unreachable
    // server is waited out (the item says "reconnecting"), not toasted as "Failed to fetch".
    getCredential: () => http.get<VodCredential>('/video/upload/credential', { quiet: true }),
    // The member signs in again over the screen; meanwhile the files wait.
    sessionEnded: (err) => err instanceof ApiError && isSessionEnd(err.code) && renewSession('ended') !== null,
    onRole: (role) => {
      uploadsStore.elsewhere = role === 'follower';
    },
    onEvent: (e) => {
      switch (e.type) {
        case 'snapshot':
          snapshots.push(e.state);
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
