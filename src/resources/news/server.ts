import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import type { Db } from '../../server/crud/types';
import { invalidField } from '../../server/http/errors';
import { type News, type NewsStatus, newsCreateSchema, newsPageSchema, newsUpdateSchema } from './schema';
import { sanitizeRichText } from './server-rich-text';
import { newsSpec } from './spec';

const select = (db: Db) => db.selectFrom('news').selectAll('news');
type NewsRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toNews = (r: NewsRow): News => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  content: r.content,
  coverUrl: r.cover_url,
  status: r.status as NewsStatus,
  publishedAt: r.published_at,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function registerNews(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'news',
    roles: newsSpec.roles,
    table: 'news',
    schemas: { create: newsCreateSchema, update: newsUpdateSchema, page: newsPageSchema },
    select,
    idColumn: 'news.id',
    sortColumns: {
      id: 'news.id',
      title: 'news.title',
      status: 'news.status',
      publishedAt: 'news.published_at',
      createdAt: 'news.created_at',
      updatedAt: 'news.updated_at',
    },
    // Not the HTML content: a keyword would match tag and attribute names.
    keywordColumns: ['news.title', 'news.summary'],
    filters: (p) => specFilters(newsSpec.filters, p),
    toApi: toNews,
    toColumns: (i) => {
      const content = sanitizeRichText(i.content);
      // Content that was nothing but a script is empty once cleaned: as good as missing.
      if (content.trim() === '') throw invalidField('content', 'required (nothing left after removing unsafe HTML)');
      return {
        title: i.title,
        summary: i.summary ?? null,
        content,
        cover_url: i.coverUrl ?? null,
        status: i.status,
        published_at: i.publishedAt ? new Date(i.publishedAt).toISOString() : null,
      };
    },
    prepare(columns, _input, { before, deps: d }) {
      // Publishing keeps the first publication time: a later edit that omits it does not move it.
      if (columns.published_at === null && columns.status === 'published') {
        columns.published_at = before?.published_at ?? d.now().toISOString();
      }
    },
  });
}
