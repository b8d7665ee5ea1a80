import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import type { Actor, UploadVideoFields, VideoHooks } from './hooks';
import { type VodDb, vodDb } from './tables';

/** Media of the video service: a VideoId or ImageId bound to the one object it uploads into. */
export interface Media {
  mediaId: string;
  kind: 'video' | 'image';
  bucket: string;
  objectKey: string;
  staffId: number;
}

/** CreateUploadVideo: the `video` record (by the resource's hook) and its media row, one transaction. */
export async function createVideoMedia(
  hooks: VideoHooks,
  db: Kysely<Database>,
  fields: UploadVideoFields,
  media: Media,
  userData: string | null,
  actor: Actor,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await hooks.create(trx, media.mediaId, fields, actor, at);
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

/** The same connection seen with only the app's tables (the hooks know nothing of the service's). */
const appDb = (db: VodDb) => db as unknown as Kysely<Database>;

export const videoExists = (hooks: VideoHooks, db: VodDb, videoId: string) => hooks.exists(appDb(db), videoId);

/**
 * An object finished (CompleteMultipartUpload or PUT), after its commit: a video's record takes the
 * real size and its processing is queued (the resource's hook); the progress reports that pointed
 * at it are done with.
 */
export async function objectCompleted(
  hooks: VideoHooks,
  services: Services,
  bucket: string,
  key: string,
  size: number,
  actor: Actor,
) {
  const v = vodDb(services.db);
  const media = await mediaOfObject(v, bucket, key);
  if (media?.kind !== 'video') return;
  await v.deleteFrom('vod_upload_progress').where('video_id', '=', media.mediaId).execute();
  await hooks.completed(services, media.mediaId, size, actor);
}

/** Where a media's object is on disk, when it has been completed. */
export async function completedObjectOf(db: Kysely<Database>, mediaId: string) {
  const v = vodDb(db);
  const media = await findMedia(v, mediaId);
  if (!media) return null;
  const object = await v
    .selectFrom('oss_object')
    .select('size')
    .where('bucket', '=', media.bucket)
    .where('object_key', '=', media.objectKey)
    .executeTakeFirst();
  return object ? { bucket: media.bucket, key: media.objectKey, size: Number(object.size) } : null;
}

export interface Progress {
  userId: string;
  fileHash: string;
  fileName: string;
  fileSize: number;
  uploadPoint: string;
  videoId: string | null;
}

/** Whether a video's upload is over: its checkpoint is no longer needed. */
export const videoIsComplete = (hooks: VideoHooks, db: VodDb, videoId: string) => hooks.uploaded(appDb(db), videoId);

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
