import { rm } from 'node:fs/promises';
import { currentUser } from '../../../server/auth/middleware';
import { auditEntry } from '../../../server/crud/audit-entry';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { eq, specFilters } from '../../../server/crud/filters';
import { fromSpec } from '../../../server/crud/from-spec';
import { diffRecords, writeAudit } from '../../../server/db/repositories/audit';
import { ok } from '../../../server/http/envelope';
import { conflict, notFound } from '../../../server/http/errors';
import { parseId } from '../../../server/http/validate';
import { mediaDir } from '../../../server/media/store';
import type { Services } from '../../../server/services';
import {
  type Actor,
  setVideoHooks,
  type UploadVideoFields,
  VideoFieldError,
  type VideoInfo,
} from '../../../server/vod/hooks';
import { videoCreateSchema, videoPageSchema, videoUpdateSchema } from '../schema';
import { videoSpec } from '../spec';
import { columns, EDITABLE_COLUMNS, readJson, selectVideo, toVideo } from './columns';
import { defineProcessing, queueProcessing } from './processing';
import { setVideoStatus, videoRow } from './status';

export { setVideoStatus } from './status';
export { selectVideo, toVideo };

/** Fields processing sets: a client may echo them back, they are dropped. */
const READ_ONLY = ['duration', 'width', 'height', 'failReason', 'snapshots'];

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

/**
 * `/video`: page, create, update (title, description, category, tags, cover), delete, and
 * `POST /video/{id}/retry`. Registers what the video service asks of video records (vod/hooks.ts)
 * and the processing queue (processing.ts).
 */
export function videoServer(services: Services): DefinedResource {
  defineProcessing(services);
  setVideoHooks(hooks);
  const noun = defineResource(services, {
    ...fromSpec(videoSpec, 'video'),
    schemas: { create: videoCreateSchema, update: videoUpdateSchema, page: videoPageSchema },
    keywordColumns: ['video.title', 'video.file_name', 'video.video_id', 'video.tags'],
    filters: (p) => [
      ...eq('video.status', p.status),
      ...eq('video.cate_id', p.cateId),
      ...specFilters(videoSpec.filters, p),
    ],
    ...columns,
    toColumns: (input, ctx) => {
      const all = columns.toColumns(input);
      if (ctx.target === undefined) return all;
      // An update writes what an editor may change; the file and what processing found stay.
      return Object.fromEntries(EDITABLE_COLUMNS.map((k) => [k, all[k]]));
    },
    readOnlyFields: READ_ONLY,
    // Its HLS renditions and snapshots go with it (the bucket's object stays, as before).
    afterDeleteCommit: async (before) => {
      const dir = mediaDir(services.dataDir, before.video_id);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
    unique: [{ field: 'videoId', column: 'video_id', message: (v) => `A video with id ${String(v)} already exists` }],
  });

  // Processing failed: the editor tries again (a 409 naming the status for any other state).
  noun.app.post('/:id{[0-9]+}/retry', async (c) => {
    const id = parseId(c.req.param('id'));
    const user = currentUser(c);
    const row = await services.db
      .selectFrom('video')
      .select(['video_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Video');
    const refused = () =>
      conflict(
        `Only a video whose processing failed (TranscodeFail) can be retried; this one is ${row.status}`,
        'status',
        {
          code: 'one_of',
          params: { values: 'TranscodeFail' },
        },
      );
    if (row.status !== 'TranscodeFail') throw refused();
    const moved = await setVideoStatus(services, row.video_id, 'UploadSucc', {
      from: ['TranscodeFail'],
      actor: user,
      patch: { fail_reason: null },
      now: services.now(),
    });
    if (!moved) throw refused();
    await queueProcessing(services, row.video_id);
    const after = await selectVideo(services.db).where('video.id', '=', id).executeTakeFirstOrThrow();
    return ok(c, toVideo(after));
  });
  return noun;
}

const hooks = {
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
      playInfo: readJson<VideoInfo['playInfo']>(row.play_info, []),
    };
  },
} satisfies import('../../../server/vod/hooks').VideoHooks;
