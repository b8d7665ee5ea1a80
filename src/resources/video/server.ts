import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { eq, specFilters } from '../../server/crud/filters';
import { fromSpec, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { type Video, type VideoStatus, videoCreateSchema, videoPageSchema } from './schema';
import { videoSpec } from './spec';

export const selectVideo = (db: Db) => db.selectFrom('video').selectAll('video');
type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideo>['executeTakeFirstOrThrow']>>;

export const toVideo = (r: VideoRow): Video => ({
  id: r.id,
  title: r.title,
  description: r.description,
  cateId: r.cate_id,
  tags: r.tags,
  coverUrl: r.cover_url,
  videoId: r.video_id,
  fileName: r.file_name,
  // bigint column: PostgreSQL's driver returns it as a string.
  fileSize: Number(r.file_size),
  status: r.status as VideoStatus,
  ...rowMeta(r),
});

/** `/video`: page, create, delete. Status changes come from the upload (db/repositories/video.ts). */
export function registerVideo(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(videoSpec, 'video'),
    schemas: { create: videoCreateSchema, page: videoPageSchema },
    operations: { update: false },
    select: selectVideo,
    keywordColumns: ['video.title', 'video.file_name', 'video.video_id', 'video.tags'],
    filters: (p) => [
      ...eq('video.status', p.status),
      ...eq('video.cate_id', p.cateId),
      ...specFilters(videoSpec.filters, p),
    ],
    toApi: toVideo,
    toColumns: (i) => ({
      title: i.title,
      description: i.description ?? null,
      cate_id: i.cateId ?? null,
      tags: i.tags ?? null,
      cover_url: i.coverUrl ?? null,
      video_id: i.videoId,
      file_name: i.fileName,
      file_size: i.fileSize,
      status: i.status,
    }),
    unique: [{ field: 'videoId', column: 'video_id', message: (v) => `A video with id ${String(v)} already exists` }],
  });
}
