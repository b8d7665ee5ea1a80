import { createStore } from 'idb-keyval';

/**
 * A write saved on this device while offline, as IndexedDB keeps it: the one record both the page
 * (src/lib/offline/pending-writes.ts) and the service worker (src/sw/writes-sync.ts) read and
 * change, so whichever of them sends it, the outcome is where the member will look. Only idb-keyval
 * here: the worker imports it too. `FE` is a refused field as the contract describes it
 * (src/contract/envelope.ts FieldError, which the worker's build does not include).
 */
export interface PendingWrite<FE extends WireFieldError = WireFieldError> {
  /** Also its `Idempotency-Key`: a write sent twice (an answer lost on the way) is applied once. */
  id: string;
  /** The session that made it (hash of its token). */
  user: string;
  /** Resource path, e.g. 'book' or 'category/subclass'. */
  path: string;
  method: 'POST' | 'PUT';
  body: unknown;
  recordId?: number;
  /** The record the edit started from, to reopen the form (or the row a desk action was on). */
  row?: unknown;
  /** The form values as typed (the body is their parsed form). */
  values: Record<string, unknown>;
  /** How the user recognises it ("Edit: The Hobbit", "Approve: Lena – Dune"). */
  title: string;
  /** The form's draft; '' for a desk action (approve, reply), which has no form. */
  draftKey: string;
  /** 'desk': a row's action (approve, reject, return, a reply), reviewed in the list, not in a form. */
  kind?: 'form' | 'desk';
  createdAt: number;
  state: 'pending' | 'conflict' | 'failed';
  /** 409: the latest version of the record, when the server sent it. */
  current?: unknown;
  /** failed: the server's message (a validation or rule refusal), in the server's words. */
  error?: string;
  /** failed: the answer's code and data, so the page can say it in the member's language. */
  errorCode?: number;
  errorData?: unknown;
  /** Older consoles stored bare messages; now the field errors with their codes. */
  fieldErrors?: Record<string, FE | string>;
}

/** A refused field as the server sends it (`errors[]` of a 40000 or field-naming 40900). */
export interface WireFieldError {
  path: string;
  message: string;
}

let db: ReturnType<typeof createStore> | undefined;
/** The store of pending writes ('lectern-pending' / 'writes'), keyed by id. */
export const pendingRecords = () => {
  db ??= createStore('lectern-pending', 'writes');
  return db;
};

let drafts: ReturnType<typeof createStore> | undefined;
/** The drafts' store (src/lib/offline/drafts.ts): a write sent by the worker takes its form's draft along. */
export const draftRecords = () => {
  drafts ??= createStore('lectern-drafts', 'drafts');
  return drafts;
};

/** Writes to the same record wait for each other: a later one was made on top of the earlier. */
export const recordKeyOf = (w: Pick<PendingWrite, 'path' | 'recordId' | 'id'>): string =>
  `${w.path}#${w.recordId ?? w.id}`;

/** The page and the service worker about queued writes (postMessage both ways). */
export type WritesMessage =
  /** Page → worker: a write was saved offline; queue it (answered on the message's port). */
  | { type: 'lectern:queue-write'; write: PendingWrite }
  /** Page → worker: the network seems back, send what waits. */
  | { type: 'lectern:replay-writes' }
  /** Page → worker: sign-out, this member's queued writes go. */
  | { type: 'lectern:drop-writes'; user: string }
  /** Worker → pages: writes sent (gone from the store) and refused (marked in the store). */
  | { type: 'lectern:writes-changed'; sent: PendingWrite[]; refused: string[] };
