import { rm } from 'node:fs/promises';
import { currentUser } from '../../../server/auth/middleware';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { eq, specFilters } from '../../../server/crud/filters';
import { fromSpec } from '../../../server/crud/from-spec';
import { ok } from '../../../server/http/envelope';
import { conflict, notFound } from '../../../server/http/errors';
import { parseId } from '../../../server/http/validate';
import { mediaDir } from '../../../server/media/store';
import type { Services } from '../../../server/services';
import { videoCreateSchema, videoPageSchema, videoUpdateSchema } from '../schema';
import { videoSpec } from '../spec';
import { columns, EDITABLE_COLUMNS, selectVideo, toVideo } from './columns';
import { library } from './figures';
import { videoHooks } from './hooks';
import { defineProcessing, queueProcessing } from './processing';
import { setVideoStatus } from './status';

export { setVideoStatus } from './status';
export { selectVideo, toVideo };

/** Fields processing sets: a client may echo them back, they are dropped. */
const READ_ONLY = ['duration', 'width', 'height', 'failReason', 'snapshots'];

/**
 * `/video`: page, create, update (title, description, category, tags, cover), delete, and
 * `POST /video/{id}/retry`. Defines the processing queue (processing.ts); gives the video service
 * what it asks of video records (hooks.ts) and Home its figures (figures.ts).
 */
export function videoServer(services: Services): DefinedResource {
  defineProcessing(services);
  const noun = defineResource(services, {
    ...fromSpec('video', videoSpec, 'video'),
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
  return { ...noun, videoHooks, figures: { series: 'uploads', library } };
}
