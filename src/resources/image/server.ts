import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import type { Db } from '../../server/crud/types';
import { IMAGE_URL_PREFIX, removeImage } from '../../server/files/images';
import { type ImageMime, type ImageRecord, imagePageSchema } from './schema';
import { imageSpec } from './spec';

const select = (db: Db) => db.selectFrom('image').selectAll('image');
type ImageRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

export const toImage = (r: ImageRow): ImageRecord => ({
  id: r.id,
  url: `${IMAGE_URL_PREFIX}${r.stored_name}`,
  fileName: r.file_name,
  size: r.size,
  mime: r.mime as ImageMime,
  uploadedBy: r.uploaded_by,
  uploadedById: r.uploaded_by_id,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** `/image`: page and delete; created by `POST /file/upload/img` (routes/image-upload.ts). */
export function registerImage(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'image',
    roles: imageSpec.roles,
    table: 'image',
    schemas: { page: imagePageSchema },
    operations: { create: false, update: false },
    select,
    idColumn: 'image.id',
    sortColumns: {
      id: 'image.id',
      fileName: 'image.file_name',
      size: 'image.size',
      createdAt: 'image.created_at',
    },
    keywordColumns: ['image.file_name', 'image.uploaded_by'],
    filters: (p) => specFilters(imageSpec.filters, p),
    toApi: toImage,
    toColumns: () => ({}),
    // Only after the commit: a rolled-back delete must still find its file.
    afterDeleteCommit: async (before) => {
      try {
        await removeImage(deps.dataDir, before.stored_name);
      } catch (err) {
        deps.log.error(`image ${before.id}: could not remove ${before.stored_name}`, err);
      }
    },
  });
}
