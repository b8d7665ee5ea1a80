import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import type { Db } from '../../server/crud/types';
import { type Banner, bannerCreateSchema, bannerPageSchema, bannerUpdateSchema } from './schema';
import { bannerSpec } from './spec';

const select = (db: Db) => db.selectFrom('banner').selectAll('banner');
type BannerRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toBanner = (r: BannerRow): Banner => ({
  id: r.id,
  title: r.title,
  imageUrl: r.image_url,
  linkUrl: r.link_url,
  sort: r.sort,
  enabled: Boolean(r.enabled),
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function registerBanner(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'banner',
    roles: bannerSpec.roles,
    table: 'banner',
    schemas: { create: bannerCreateSchema, update: bannerUpdateSchema, page: bannerPageSchema },
    select,
    idColumn: 'banner.id',
    sortColumns: {
      id: 'banner.id',
      title: 'banner.title',
      sort: 'banner.sort',
      enabled: 'banner.enabled',
      createdAt: 'banner.created_at',
      updatedAt: 'banner.updated_at',
    },
    keywordColumns: ['banner.title', 'banner.link_url'],
    // Booleans are stored as 0/1 on both engines (schema.ts).
    filters: (p) => specFilters(bannerSpec.filters, p),
    toApi: toBanner,
    toColumns: (i) => ({
      title: i.title,
      image_url: i.imageUrl,
      link_url: i.linkUrl ?? null,
      sort: i.sort,
      enabled: i.enabled ? 1 : 0,
    }),
  });
}
