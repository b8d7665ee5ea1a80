import { createStore, del, set, values } from 'idb-keyval';
import { proxy } from 'valtio';
import { Code, type FieldError } from '../../contract/envelope';
import { http } from '../api';
import { ApiError, NetworkError } from '../http';
import { deleteDraft } from './drafts';
import { currentUserKey } from './session-cache';

/**
 * Creates and updates saved while offline, kept in IndexedDB and sent in the order they were made
 * when the network is back. A stale version (409) is never retried or overwritten: the write is
 * marked `conflict` with the latest record and the form shows the conflict view.
 */
export interface PendingWrite {
  id: string;
  /** The session that made it (hash of its token). */
  user: string;
  /** Resource path, e.g. 'book' or 'category/subclass'. */
  path: string;
  method: 'POST' | 'PUT';
  body: unknown;
  recordId?: number;
  /** The record the edit started from, to reopen the form. */
  row?: unknown;
  /** The form values as typed (the body is their parsed form). */
  values: Record<string, unknown>;
  /** How the user recognises it ("Edit: The Hobbit"). */
  title: string;
  draftKey: string;
  createdAt: number;
  state: 'pending' | 'conflict' | 'failed';
  /** 409: the latest version of the record, when the server sent it. */
  current?: unknown;
  /** failed: the server's message (a validation or rule refusal). */
  error?: string;
  /** Older consoles stored bare messages; now the field errors with their codes. */
  fieldErrors?: Record<string, FieldError | string>;
}

let db: ReturnType<typeof createStore> | undefined;
const getStore = () => {
  db ??= createStore('lectern-pending', 'writes');
  return db;
};

export const pendingStore = proxy({
  user: '',
  writes: [] as PendingWrite[],
  /** Ids sent successfully during this page's life (an open form closes itself when its write is sent). */
  sent: [] as string[],
  flushing: false,
});

let onSent: (w: PendingWrite) => void = () => undefined;
/** What happens after a write is sent (refresh the resource's lists, tell the user). */
export function configurePendingWrites(hooks: { onSent: (w: PendingWrite) => void }): void {
  onSent = hooks.onSent;
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
}

/**
 * Sends the pending writes one at a time, oldest first. Stops at the first network failure (still
 * offline: the rest wait, in order). A later write of a record whose earlier write conflicted or
 * failed waits too: it was made on top of the refused one.
 */
export async function flushPendingWrites(): Promise<void> {
  if (pendingStore.flushing) return;
  pendingStore.flushing = true;
  try {
    const blocked = new Set<string>();
    for (const w of [...pendingStore.writes]) {
      const recordKey = `${w.path}#${w.recordId ?? w.id}`;
      if (w.state !== 'pending' || blocked.has(recordKey)) {
        blocked.add(recordKey);
        continue;
      }
      try {
        if (w.method === 'POST') await http.post(`/${w.path}`, w.body, { quiet: true });
        else await http.put(`/${w.path}`, w.body, { quiet: true });
      } catch (e) {
        if (e instanceof NetworkError) return;
        blocked.add(recordKey);
        if (e instanceof ApiError) {
          const current = (e.data as { current?: unknown } | null)?.current;
          if (e.code === Code.Conflict && current) await mark(w.id, { state: 'conflict', current });
          else await mark(w.id, { state: 'failed', error: e.message, fieldErrors: e.fieldErrors });
        } else {
          await mark(w.id, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
        }
        continue;
      }
      await dropWrite(w.id);
      await deleteDraft(w.draftKey);
      pendingStore.sent.push(w.id);
      onSent(w);
    }
  } finally {
    pendingStore.flushing = false;
  }
}
