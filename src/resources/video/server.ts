import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { columnMap } from '../../server/crud/columns';
import { registerResource } from '../../server/crud/define-resource';
import { eq, specFilters } from '../../server/crud/filters';
import { fromSpec } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { type Video, videoCreateSchema, videoPageSchema } from './schema';
import { videoSpec } from './spec';

export const selectVideo = (db: Db) => db.selectFrom('video').selectAll('video');

const columns = columnMap<Video>()(
  selectVideo,
  ['title', 'description', 'cateId', 'tags', 'coverUrl', 'videoId', 'fileName', 'fileSize', 'status'],
  {
    // bigint column: PostgreSQL's driver returns it as a string.
    fileSize: { column: 'file_size', read: Number },
  },
);
export const toVideo = columns.toApi;

/** `/video`: page, create, delete. Status changes come from the upload (db/repositories/video.ts). */
export function registerVideo(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(videoSpec, 'video'),
    schemas: { create: videoCreateSchema, page: videoPageSchema },
    operations: { update: false },
    keywordColumns: ['video.title', 'video.file_name', 'video.video_id', 'video.tags'],
    filters: (p) => [
      ...eq('video.status', p.status),
      ...eq('video.cate_id', p.cateId),
      ...specFilters(videoSpec.filters, p),
    ],
    ...columns,
    unique: [{ field: 'videoId', column: 'video_id', message: (v) => `A video with id ${String(v)} already exists` }],
  });
}
