import type { Kysely } from 'kysely';
import type { VideoStatus } from '../../../resources/video/schema';
import { auditEntry } from '../../crud/audit-entry';
import type { Database } from '../schema';
import { writeAudit } from './audit';

/**
 * The upload service calls this when an object completes (`normal`) or is abandoned
 * (`failed`). One transaction with its audit row; the version moves so a stale editor sees it.
 * Returns false when no video has that service id.
 */
export async function setVideoStatus(
  db: Kysely<Database>,
  videoId: string,
  status: VideoStatus,
  actor: { staffId: number; userName: string } | null,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('video')
      .select(['id', 'status', 'title'])
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    if (!before) return false;
    if (before.status === status) return true;
    const at = now.toISOString();
    await trx
      .updateTable('video')
      .set((eb) => ({ status, version: eb('version', '+', 1), updated_at: at }))
      .where('id', '=', before.id)
      .execute();
    await writeAudit(
      trx,
      auditEntry(
        actor,
        'update',
        'video',
        before.id,
        at,
        { status: { from: before.status, to: status } },
        before.title,
      ),
    );
    return true;
  });
}

export const markVideoNormal = (
  db: Kysely<Database>,
  videoId: string,
  actor: { staffId: number; userName: string } | null,
  now: Date,
) => setVideoStatus(db, videoId, 'normal', actor, now);
