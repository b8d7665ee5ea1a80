import { del, set, values } from 'idb-keyval';
import { draftRecords } from '../../sw/protocol/pending-records';

/**
 * Drafts of open forms in IndexedDB, so a reload (or the update prompt's reload) does not lose
 * them. One draft per session, resource and record ('new' for a create); written shortly after
 * each change, deleted when the form is saved or discarded.
 */
export interface Draft<V = Record<string, unknown>> {
  key: string;
  user: string;
  path: string;
  recordId?: number;
  /** The record the edit started from (none for a create). */
  row?: unknown;
  values: V;
  /** The queued write of this form, when the user saved it offline. */
  pendingId?: string;
  savedAt: number;
}

// Shared with the service worker, which deletes a form's draft when it sends the form's write.
const getStore = draftRecords;

export const draftKey = (user: string, path: string, recordId?: number): string =>
  `${user}|${path}|${recordId ?? 'new'}`;

const DEBOUNCE_MS = 300;
const waiting = new Map<string, { draft: Draft; timer: ReturnType<typeof setTimeout> }>();

/** Saves a draft shortly (typing does not write on every key); flushDrafts writes at once. */
export function saveDraft(draft: Draft): void {
  const previous = waiting.get(draft.key);
  if (previous) clearTimeout(previous.timer);
  const timer = setTimeout(() => {
    waiting.delete(draft.key);
    void set(draft.key, draft, getStore());
  }, DEBOUNCE_MS);
  waiting.set(draft.key, { draft, timer });
}

/** Writes every draft still waiting for its debounce (before a reload). */
export async function flushDrafts(): Promise<void> {
  const all = [...waiting.values()];
  waiting.clear();
  await Promise.all(
    all.map(({ draft, timer }) => {
      clearTimeout(timer);
      return set(draft.key, draft, getStore());
    }),
  );
}

export async function deleteDraft(key: string): Promise<void> {
  const previous = waiting.get(key);
  if (previous) clearTimeout(previous.timer);
  waiting.delete(key);
  await del(key, getStore());
}

/** This session's drafts of one resource, newest first. */
export async function loadDrafts(user: string, path: string): Promise<Draft[]> {
  if (!user) return [];
  const all = await values<Draft>(getStore());
  return all.filter((d) => d.user === user && d.path === path).sort((a, b) => b.savedAt - a.savedAt);
}

/** Every draft of every session (logout keeps none of the user's input on the device). */
export async function deleteDraftsOf(user: string): Promise<void> {
  const all = await values<Draft>(getStore());
  await Promise.all(all.filter((d) => d.user === user).map((d) => deleteDraft(d.key)));
}
