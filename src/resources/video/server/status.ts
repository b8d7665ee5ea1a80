import type { Kysely } from 'kysely';
import { auditEntry } from '../../../server/crud/audit-entry';
import { writeAudit } from '../../../server/db/repositories/audit';
import type { Database } from '../../../server/db/schema';
import type { Services } from '../../../server/services';
import type { VideoFailReason, VideoStatus } from '../schema';

type Actor = { staffId: number; userName: string; name?: string } | null;

/** Columns processing writes besides the status (columns of migration 0012). */
export interface VideoPatch {
  file_size?: number;
  duration?: number | null;
  width?: number | null;
  height?: number | null;
  fail_reason?: VideoFailReason | null;
  snapshots?: string | null;
  play_info?: string | null;
  media_info?: string | null;
  cover_url?: string | null;
}

/**
 * Moves a video (by its service id) to `status` with what processing found, in one transaction
 * with its audit row; the version moves so an editor holding the old one sees a conflict. Only
 * from one of `from` when given (a conditional write: of two racing writers one wins). After the
 * commit every open console hears of it (the live stream), so lists turn Transcoding into Normal.
 * Returns false when no video matched.
 */
export async function setVideoStatus(
  services: Pick<Services, 'db'> & Partial<Services>,
  videoId: string,
  status: VideoStatus,
  opts: { actor?: Actor; from?: readonly VideoStatus[]; patch?: VideoPatch; now?: Date } = {},
): Promise<boolean> {
  const at = (opts.now ?? new Date()).toISOString();
  const changed = await services.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('video')
      .select(['id', 'status', 'title', 'fail_reason'])
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    if (!before) return null;
    if (opts.from && !opts.from.includes(before.status as VideoStatus)) return null;
    const r = await trx
      .updateTable('video')
      .set((eb) => ({ ...opts.patch, status, version: eb('version', '+', 1), updated_at: at }))
      .where('id', '=', before.id)
      .where('status', '=', before.status)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (before.status !== status) changes.status = { from: before.status, to: status };
    if (opts.patch?.fail_reason !== undefined && opts.patch.fail_reason !== before.fail_reason)
      changes.failReason = { from: before.fail_reason, to: opts.patch.fail_reason };
    if (Object.keys(changes).length > 0)
      await writeAudit(trx, auditEntry(opts.actor ?? null, 'update', 'video', before.id, at, changes, before.title));
    const { version } = await trx
      .selectFrom('video')
      .select('version')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    return { id: before.id, version };
  });
  if (!changed) return false;
  if (services.events) {
    const a = opts.actor;
    void services.events.publishChange({
      resource: 'video',
      id: changed.id,
      version: changed.version,
      action: 'update',
      actor: { id: a?.staffId ?? 0, name: a ? a.name || a.userName : 'system' },
    });
  }
  return true;
}

/** The record's row by the service's id. */
export const videoRow = (db: Kysely<Database>, videoId: string) =>
  db.selectFrom('video').selectAll().where('video_id', '=', videoId).executeTakeFirst();
