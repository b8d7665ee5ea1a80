import { del, set, values } from 'idb-keyval';
import { proxy } from 'valtio';
import { Code, type FieldError } from '../../contract/envelope';
import { IDEMPOTENCY_HEADER } from '../../sw/protocol/background';
import {
  pendingRecords,
  recordKeyOf,
  type PendingWrite as StoredWrite,
  type WritesMessage,
} from '../../sw/protocol/pending-records';
import { http } from '../api';
import { codeMessage } from '../code-messages';
import { ApiError, NetworkError } from '../http';
import { deleteDraft } from './drafts';
import { currentUserKey } from './session-cache';

/**
 * Creates, updates and desk actions (approve, a reply) saved while offline, kept in IndexedDB and
 * sent in the order they were made when the network is back, each with its id as Idempotency-Key
 * (sent twice, applied once). When a service worker controls the page it is the one sender: the
 * page hands it each write and asks it to replay (src/sw/writes-sync.ts), and it sends them even
 * with no window open (Background Sync). Without one, this page sends them itself. A stale version
 * (409) is never retried or overwritten: the write is marked `conflict` with the latest record and
 * the form shows the conflict view; a refusal is marked `failed` for the member to review.
 */
export type PendingWrite = StoredWrite<FieldError>;

const getStore = pendingRecords;

export const pendingStore = proxy({
  user: '',
  writes: [] as PendingWrite[],
  /** Ids sent successfully during this page's life (an open form closes itself when its write is sent). */
  sent: [] as string[],
  flushing: false,
});

let onSent: (w: PendingWrite) => void = () => undefined;
let listening = false;
/** What happens after a write is sent (refresh the resource's lists, tell the user). */
export function configurePendingWrites(hooks: { onSent: (w: PendingWrite) => void }): void {
  onSent = hooks.onSent;
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event) => {
    const data = event.data as WritesMessage | null;
    if (data?.type === 'lectern:writes-changed') void workerSent(data.sent);
  });
}

/** The worker sent some writes (and marked refused ones in the store): the page catches up. */
async function workerSent(sent: PendingWrite[]): Promise<void> {
  const mine = sent.filter((w) => w.user === pendingStore.user);
  for (const w of mine) pendingStore.sent.push(w.id);
  await loadPendingWrites();
  for (const w of mine) onSent(w);
}

const worker = () => (typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null));

/** Hands a saved write to the service worker's queue; resolves once it is queued there (or after 3 s). */
function handToWorker(w: PendingWrite): Promise<void> {
  const sw = worker();
  if (!sw) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 3000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    const message: WritesMessage = { type: 'lectern:queue-write', write: JSON.parse(JSON.stringify(w)) };
    sw.postMessage(message, [channel.port2]);
  });
}

/** Reads the current session's queue from IndexedDB. */
export async function loadPendingWrites(): Promise<void> {
  const user = await currentUserKey();
  const all = user ? await values<PendingWrite>(getStore()) : [];
  pendingStore.user = user;
  pendingStore.writes = all.filter((w) => w.user === user).sort((a, b) => a.createdAt - b.createdAt);
}

export async function enqueueWrite(w: Omit<PendingWrite, 'createdAt' | 'state'> & { createdAt?: number }) {
  const write: PendingWrite = { ...w, createdAt: w.createdAt ?? Date.now(), state: 'pending' };
  await set(write.id, write, getStore());
  const i = pendingStore.writes.findIndex((x) => x.id === write.id);
  if (i >= 0) pendingStore.writes[i] = write;
  else pendingStore.writes.push(write);
  await handToWorker(write);
  return write;
}

export async function dropWrite(id: string): Promise<void> {
  await del(id, getStore());
  pendingStore.writes = pendingStore.writes.filter((w) => w.id !== id);
}

async function mark(id: string, patch: Partial<PendingWrite>): Promise<void> {
  const i = pendingStore.writes.findIndex((w) => w.id === id);
  const w = pendingStore.writes[i];
  if (!w) return;
  const next = { ...w, ...patch };
  pendingStore.writes[i] = next;
  await set(id, next, getStore());
}

/** Logout: the user's queued writes do not stay on a shared device. */
export async function dropWritesOf(user: string): Promise<void> {
  const all = await values<PendingWrite>(getStore());
  await Promise.all(all.filter((w) => w.user === user).map((w) => del(w.id, getStore())));
  pendingStore.writes = [];
  worker()?.postMessage({ type: 'lectern:drop-writes', user } satisfies WritesMessage);
}

/**
 * Sends the pending writes one at a time, oldest first. Stops at the first network failure (still
 * offline: the rest wait, in order). A later write of a record whose earlier write conflicted or
 * failed waits too: it was made on top of the refused one.
 */
export async function flushPendingWrites(): Promise<void> {
  const sw = worker();
  if (sw) {
    // One sender: the worker (its replay also catches writes queued before it took control).
    sw.postMessage({ type: 'lectern:replay-writes' } satisfies WritesMessage);
    return;
  }
  if (pendingStore.flushing) return;
  pendingStore.flushing = true;
  try {
    const blocked = new Set<string>();
    for (const w of [...pendingStore.writes]) {
      const recordKey = recordKeyOf(w);
      if (w.state !== 'pending' || blocked.has(recordKey)) {
        blocked.add(recordKey);
        continue;
      }
      try {
        const opts = { quiet: true, headers: { [IDEMPOTENCY_HEADER]: w.id } };
        if (w.method === 'POST') await http.post(`/${w.path}`, w.body, opts);
        else await http.put(`/${w.path}`, w.body, opts);
      } catch (e) {
        if (e instanceof NetworkError) return;
        blocked.add(recordKey);
        if (e instanceof ApiError) {
          const current = (e.data as { current?: unknown } | null)?.current;
          if (e.code === Code.Conflict && current) await mark(w.id, { state: 'conflict', current });
          else
            await mark(w.id, {
              state: 'failed',
              error: e.message,
              errorCode: e.code,
              errorData: e.data,
              fieldErrors: e.fieldErrors,
            });
        } else {
          await mark(w.id, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
        }
        continue;
      }
      await dropWrite(w.id);
      if (w.draftKey) await deleteDraft(w.draftKey);
      pendingStore.sent.push(w.id);
      onSent(w);
    }
  } finally {
    pendingStore.flushing = false;
  }
}

/**
 * Why a write was refused, in the member's language: the worker stores the server's answer (code
 * and data) and its English text; a rule or a fixed code is said from the code, the rest as sent.
 */
export function refusalText(w: Pick<PendingWrite, 'error' | 'errorCode' | 'errorData'>): string {
  return (w.errorCode !== undefined ? codeMessage(w.errorCode, w.errorData) : undefined) ?? w.error ?? '';
}
