import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { IMAGE_URL_PREFIX, removeImage } from '../../server/files/images';
import { type ImageMime, type ImageRecord, imagePageSchema } from './schema';
import { imageSpec } from './spec';

const select = (db: Db) => db.selectFrom('image').selectAll('image');
type ImageRow = RowOf<typeof select>;

export const toImage = (r: ImageRow): ImageRecord => ({
  id: r.id,
  url: `${IMAGE_URL_PREFIX}${r.stored_name}`,
  fileName: r.file_name,
  size: r.size,
  mime: r.mime as ImageMime,
  uploadedBy: r.uploaded_by,
  uploadedById: r.uploaded_by_id,
  ...rowMeta(r),
});

/** `/image`: page and delete; created by `POST /file/upload/img` (routes/image-upload.ts). */
export function registerImage(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(imageSpec, 'image'),
    schemas: { page: imagePageSchema },
    operations: { create: false, update: false },
    select,
    keywordColumns: ['image.file_name', 'image.uploaded_by'],
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
