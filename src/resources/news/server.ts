import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { invalidField } from '../../server/http/errors';
import { type News, type NewsStatus, newsCreateSchema, newsPageSchema, newsUpdateSchema } from './schema';
import { sanitizeRichText } from './server-rich-text';
import { newsSpec } from './spec';

const select = (db: Db) => db.selectFrom('news').selectAll('news');
type NewsRow = RowOf<typeof select>;

const toNews = (r: NewsRow): News => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  content: r.content,
  coverUrl: r.cover_url,
  status: r.status as NewsStatus,
  publishedAt: r.published_at,
  ...rowMeta(r),
});

export function registerNews(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(newsSpec, 'news'),
    schemas: { create: newsCreateSchema, update: newsUpdateSchema, page: newsPageSchema },
    select,
    // Not the HTML content: a keyword would match tag and attribute names.
    keywordColumns: ['news.title', 'news.summary'],
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
