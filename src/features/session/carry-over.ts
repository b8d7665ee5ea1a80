import { del, set, values } from 'idb-keyval';
import { type Draft, deleteDraftsOf, draftKey } from '../../lib/offline/drafts';
import { dropWritesOf, loadPendingWrites, type PendingWrite } from '../../lib/offline/pending-writes';
import { clearSessionCaches } from '../../lib/offline/session-cache';
import { draftRecords, pendingRecords } from '../../sw/protocol/pending-records';
import { dropShared } from '../../sw/protocol/shared-files';

/**
 * Drafts and queued edits are kept per session (the key of its token, lib/offline/): a renewed
 * session of the same member takes over those of the session it replaces, so a draft restored
 * after a reload and an edit queued offline are still theirs.
 */
export async function carryOver(oldKey: string, newKey: string): Promise<void> {
  if (oldKey === newKey) return;
  try {
    const drafts = await values<Draft>(draftRecords());
    for (const d of drafts.filter((x) => x.user === oldKey)) {
      const key = draftKey(newKey, d.path, d.recordId);
      await set(key, { ...d, key, user: newKey }, draftRecords());
      await del(d.key, draftRecords());
    }
    const writes = await values<PendingWrite>(pendingRecords());
    for (const w of writes.filter((x) => x.user === oldKey)) await set(w.id, { ...w, user: newKey }, pendingRecords());
    await loadPendingWrites();
  } catch {
    // No IndexedDB (a private window in some browsers): nothing was kept to carry over.
  }
}

/** Somebody else signed in over the first member's screen: as the first member's sign-out. */
export async function signOutFirst(oldKey: string): Promise<void> {
  await Promise.all([clearSessionCaches(), deleteDraftsOf(oldKey), dropWritesOf(oldKey), dropShared()]).catch(
    () => undefined,
  );
}
