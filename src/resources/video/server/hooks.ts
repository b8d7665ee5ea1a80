import { auditEntry } from '../../../server/crud/audit-entry';
import { diffRecords, writeAudit } from '../../../server/db/repositories/audit';
import {
  type Actor,
  type UploadVideoFields,
  VideoFieldError,
  type VideoHooks,
  type VideoInfo,
} from '../../../server/vod/hooks';
import { videoCreateSchema } from '../schema';
import { readJson, toVideo } from './columns';
import { queueProcessing } from './processing';
import { setVideoStatus, videoRow } from './status';

/** Contract field → CreateUploadVideo parameter, to name the parameter in a refusal. */
const RPC_NAMES: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  cateId: 'CateId',
  tags: 'Tags',
  coverUrl: 'CoverURL',
  fileName: 'FileName',
  fileSize: 'FileSize',
};

/** What the local video service asks of video records (server/vod/hooks.ts), given to it by app.ts. */
export const videoHooks: VideoHooks = {
  async create(trx, videoId, f: UploadVideoFields, actor: Actor, at: string) {
    const parsed = videoCreateSchema.safeParse({
      title: f.Title,
      description: f.Description,
      cateId: f.CateId,
      tags: f.Tags,
      coverUrl: f.CoverURL,
      videoId,
      fileName: f.FileName,
      fileSize: f.FileSize ?? 0,
      status: 'Uploading',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'title');
      throw new VideoFieldError(RPC_NAMES[field] ?? field, issue?.message ?? 'not valid');
    }
    const input = parsed.data;
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
        status: 'Uploading',
        version: 0,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const video = toVideo(row);
    await writeAudit(trx, auditEntry(actor, 'create', 'video', row.id, at, diffRecords(null, video), video.title));
  },

  exists: async (db, videoId) => (await videoRow(db, videoId)) !== undefined,

  uploaded: async (db, videoId) => {
    const status = (await videoRow(db, videoId))?.status;
    return status !== undefined && status !== 'Uploading';
  },

  async completed(services, videoId, size, actor) {
    if ((await videoRow(services.db, videoId))?.status !== 'Uploading') return;
    // The job first: a process that stops right after still has it queued (it then finds the
    // record Uploading and takes it from there); the status after it, so it may lose to the job.
    await queueProcessing(services, videoId);
    // The size the client announced (or not) in CreateUploadVideo may differ from what arrived.
    await setVideoStatus(services, videoId, 'UploadSucc', {
      from: ['Uploading'],
      actor,
      patch: { file_size: size },
      now: services.now(),
    });
  },

  async staleUploads(db, cutoff) {
    const rows = await db
      .selectFrom('video')
      .select('video_id')
      .where('status', '=', 'Uploading')
      .where('created_at', '<', cutoff)
      .execute();
    return rows.map((r) => r.video_id);
  },

  abandoned: (services, videoId, objectArrived, now) =>
    // Its bytes arrived but processing never started (the instance stopped between the two):
    // failed, so an editor can retry it; no object: the upload was abandoned.
    setVideoStatus(services, videoId, 'TranscodeFail', {
      from: ['Uploading'],
      patch: { fail_reason: objectArrived ? 'transcode_failed' : 'upload_abandoned' },
      now,
    }),

  async info(db, videoId): Promise<VideoInfo | null> {
    const row = await videoRow(db, videoId);
    if (!row) return null;
    return {
      videoId: row.video_id,
      title: row.title,
      description: row.description,
      duration: row.duration === null ? null : Number(row.duration),
      coverUrl: row.cover_url,
      status: row.status,
      size: Number(row.file_size),
      creationTime: row.created_at,
      cateId: row.cate_id,
      tags: row.tags,
      snapshots: readJson<string[]>(row.snapshots, []),
      // Renditions of an earlier run stay on disk during a retry; only a Normal video plays.
      playInfo: row.status === 'Normal' ? readJson<VideoInfo['playInfo']>(row.play_info, []) : [],
    };
  },
};
