/**
 * Deletes waiting out their Undo toast. Module-level on purpose: a
 * pending delete must still happen when the user navigates away from the list, and leaving the
 * page altogether commits it at once (pagehide) rather than losing it.
 */
export const UNDO_WINDOW_MS = 5_000;

/** Sends the delete; resolves once the server answered and the list refetched. */
export type Commit = (leaving: boolean) => Promise<void>;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  state: 'waiting' | 'committing';
  commit: Commit;
}

const pending = new Map<string, Pending>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

export const pendingKey = (path: string, id: number) => `${path}#${id}`;

function changed(): void {
  snapshot = new Set(pending.keys());
  for (const l of listeners) l();
}

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keys of the records to hide; a new Set on every change (useSyncExternalStore snapshot). */
export const pendingSnapshot = (): ReadonlySet<string> => snapshot;

function run(key: string, leaving: boolean): void {
  const entry = pending.get(key);
  if (entry?.state !== 'waiting') return;
  clearTimeout(entry.timer);
  entry.state = 'committing';
  // The row stays hidden until the refetch, so it does not flash back in between; a failed
  // delete shows it again here.
  const done = () => {
    pending.delete(key);
    changed();
  };
  // A failed commit has been reported by whoever sent it; here it only shows the row again.
  entry.commit(leaving).then(done, done);
}

/** Hide the record now, commit after the window. Returns undo(): false once it is too late. */
export function schedulePendingDelete(
  path: string,
  id: number,
  commit: Commit,
  delayMs = UNDO_WINDOW_MS,
): { undo: () => boolean } {
  const key = pendingKey(path, id);
  if (pending.has(key)) return { undo: () => false };
  pending.set(key, { timer: setTimeout(() => run(key, false), delayMs), state: 'waiting', commit });
  changed();
  return {
    undo: () => {
      const entry = pending.get(key);
      if (entry?.state !== 'waiting') return false;
      clearTimeout(entry.timer);
      pending.delete(key);
      changed();
      return true;
    },
  };
}

/** Commit every waiting delete now (the page is going away). */
export function flushPendingDeletes(): void {
  for (const key of [...pending.keys()]) run(key, true);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushPendingDeletes);
