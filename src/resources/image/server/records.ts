import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { IMAGE_URL_PREFIX, removeImage } from '../../../server/files/images';
import type { Services } from '../../../server/services';
import { type ImageRecord, imagePageSchema } from '../schema';
import { imageSpec } from '../spec';

const select = (db: Db) => db.selectFrom('image').selectAll('image');

// Images are written by the upload route only (no create or update here).
const columns = columnMap<ImageRecord>()(
  select,
  ['url', 'fileName', 'size', 'mime', 'width', 'height', 'uploadedBy', 'uploadedById'],
  {
    url: { column: 'stored_name', read: (name: string) => `${IMAGE_URL_PREFIX}${name}`, write: false },
  },
);
export const toImage = columns.toApi;

/** `/image`: page and delete; created by `POST /file/upload/img` (upload.ts). */
export function imageRecords(services: Services): DefinedResource {
  return defineResource(services, {
    ...fromSpec('image', imageSpec, 'image'),
    schemas: { page: imagePageSchema },
    operations: { create: false, update: false },
    keywordColumns: ['image.file_name', 'image.uploaded_by'],
    ...columns,
    // Only after the commit: a rolled-back delete must still find its file.
    afterDeleteCommit: async (before) => {
      try {
        await removeImage(services.dataDir, before.stored_name);
      } catch (err) {
        services.log.error(`image ${before.id}: could not remove ${before.stored_name}`, err);
      }
    },
  });
}
