import type { Kysely } from 'kysely';
import type { VideoInput } from '../../resources/video/schema';
import { toVideo } from '../../resources/video/server';
import { auditEntry } from '../crud/audit-entry';
import { diffRecords, writeAudit } from '../db/repositories/audit';
import { markVideoNormal } from '../db/repositories/video';
import type { Database } from '../db/schema';
import { type VodDb, vodDb } from './tables';

/** Media of the video service: a VideoId or ImageId bound to the one object it uploads into. */
export interface Media {
  mediaId: string;
  kind: 'video' | 'image';
  bucket: string;
  objectKey: string;
  staffId: number;
}

type Actor = { staffId: number; userName: string };

/** CreateUploadVideo: the `video` record (uploading), its audit row and its media row, one transaction. */
export async function createVideoMedia(
  db: Kysely<Database>,
  input: VideoInput,
  media: Media,
  userData: string | null,
  actor: Actor,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('video')
      .values({
        title: input.title,
        description: input.description ?? null,
        cate_id: input.cateId ?? null,
        tags: input.tags ?? null,
        cover_url: input.coverUrl ?? null,
        video_id: input.videoId,
        file_name: input.fileName,
        file_size: input.fileSize,
        status: 'uploading',
        version: 0,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const video = toVideo(row);
    await writeAudit(trx, auditEntry(actor, 'create', 'video', row.id, at, diffRecords(null, video), video.title));
    await insertMedia(vodDb(trx), media, userData, at);
  });
}

export async function insertMedia(db: VodDb, m: Media, userData: string | null, at: string): Promise<void> {
  await db
    .insertInto('vod_media')
    .values({
      media_id: m.mediaId,
      kind: m.kind,
      bucket: m.bucket,
      object_key: m.objectKey,
      staff_id: m.staffId,
      user_data: userData,
      created_at: at,
    })
    .execute();
}

const mediaColumns = ['media_id', 'kind', 'bucket', 'object_key', 'staff_id'] as const;
const toMedia = (r: {
  media_id: string;
  kind: Media['kind'];
  bucket: string;
  object_key: string;
  staff_id: number;
}) => ({
  mediaId: r.media_id,
  kind: r.kind,
  bucket: r.bucket,
  objectKey: r.object_key,
  staffId: r.staff_id,
});

export async function findMedia(db: VodDb, mediaId: string): Promise<Media | null> {
  const r = await db.selectFrom('vod_media').select(mediaColumns).where('media_id', '=', mediaId).executeTakeFirst();
  return r ? toMedia(r) : null;
}

export async function mediaOfObject(db: VodDb, bucket: string, key: string): Promise<Media | null> {
  const r = await db
    .selectFrom('vod_media')
    .select(mediaColumns)
    .where('bucket', '=', bucket)
    .where('object_key', '=', key)
    .executeTakeFirst();
  return r ? toMedia(r) : null;
}

export const videoExists = async (db: VodDb, videoId: string) =>
  (await db.selectFrom('video').select('id').where('video_id', '=', videoId).executeTakeFirst()) !== undefined;

/**
 * An object finished (CompleteMultipartUpload or PUT): a video's record records the real size and
 * turns `normal`; the progress reports that pointed at it are done with.
 */
export async function objectCompleted(
  db: Kysely<Database>,
  bucket: string,
  key: string,
  size: number,
  actor: Actor,
  now: Date,
): Promise<void> {
  const v = vodDb(db);
  const media = await mediaOfObject(v, bucket, key);
  if (media?.kind !== 'video') return;
  // The size the client announced in CreateUploadVideo may differ from what arrived: record the real one.
  await db.updateTable('video').set({ file_size: size }).where('video_id', '=', media.mediaId).execute();
  await markVideoNormal(db, media.mediaId, actor, now);
  await v.deleteFrom('vod_upload_progress').where('video_id', '=', media.mediaId).execute();
}

export interface Progress {
  userId: string;
  fileHash: string;
  fileName: string;
  fileSize: number;
  uploadPoint: string;
  videoId: string | null;
}

/** Whether a video's upload is over (its record turned `normal`): its checkpoint is no longer needed. */
export const videoIsComplete = async (db: VodDb, videoId: string) =>
  (await db.selectFrom('video').select('status').where('video_id', '=', videoId).executeTakeFirst())?.status ===
  'normal';

export async function saveProgress(db: VodDb, p: Progress, now: Date): Promise<void> {
  const values = {
    file_name: p.fileName,
    file_size: p.fileSize,
    upload_point: p.uploadPoint,
    video_id: p.videoId,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('vod_upload_progress')
    .values({ user_id: p.userId, file_hash: p.fileHash, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'file_hash']).doUpdateSet(values))
    .execute();
}

export async function readProgress(db: VodDb, userId: string, fileHash: string) {
  return db
    .selectFrom('vod_upload_progress')
    .select(['upload_point', 'video_id'])
    .where('user_id', '=', userId)
    .where('file_hash', '=', fileHash)
    .executeTakeFirst();
}
