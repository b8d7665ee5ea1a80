import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import type { Services } from '../../../server/services';
import { type Banner, bannerCreateSchema, bannerPageSchema, bannerUpdateSchema } from '../schema';
import { bannerSpec } from '../spec';
import { bannerSeed } from './seed';

const select = (db: Db) => db.selectFrom('banner').selectAll('banner');

const columns = columnMap<Banner>()(select, ['title', 'imageUrl', 'linkUrl', 'sort', 'enabled'], {
  // Booleans are stored as 0/1 on both engines (schema.ts).
  enabled: { column: 'enabled', read: Boolean, write: (v) => (v ? 1 : 0) },
});

export function bannerServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('banner', bannerSpec, 'banner'),
    schemas: { create: bannerCreateSchema, update: bannerUpdateSchema, page: bannerPageSchema },
    keywordColumns: ['banner.title', 'banner.link_url'],
    ...columns,
  });
  return {
    ...noun,
    seed: bannerSeed,
  };
}
