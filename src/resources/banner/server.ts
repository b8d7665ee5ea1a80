import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { type Banner, bannerCreateSchema, bannerPageSchema, bannerUpdateSchema } from './schema';
import { bannerSpec } from './spec';

const select = (db: Db) => db.selectFrom('banner').selectAll('banner');
type BannerRow = RowOf<typeof select>;

const toBanner = (r: BannerRow): Banner => ({
  id: r.id,
  title: r.title,
  imageUrl: r.image_url,
  linkUrl: r.link_url,
  sort: r.sort,
  enabled: Boolean(r.enabled),
  ...rowMeta(r),
});

export function registerBanner(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(bannerSpec, 'banner'),
    schemas: { create: bannerCreateSchema, update: bannerUpdateSchema, page: bannerPageSchema },
    select,
    keywordColumns: ['banner.title', 'banner.link_url'],
    toApi: toBanner,
    toColumns: (i) => ({
      title: i.title,
      image_url: i.imageUrl,
      link_url: i.linkUrl ?? null,
      sort: i.sort,
      // Booleans are stored as 0/1 on both engines (schema.ts).
      enabled: i.enabled ? 1 : 0,
    }),
  });
}
