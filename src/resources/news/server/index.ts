import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { type News, newsCreateSchema, newsPageSchema, newsUpdateSchema } from '../schema';
import { newsSpec } from '../spec';
import { sanitizeRichText } from './rich-text';
import { newsSeed } from './seed';

const select = (db: Db) => db.selectFrom('news').selectAll('news');

const columns = columnMap<News>()(select, ['title', 'summary', 'content', 'coverUrl', 'status', 'publishedAt']);

export function newsServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('news', newsSpec, 'news'),
    schemas: { create: newsCreateSchema, update: newsUpdateSchema, page: newsPageSchema },
    // Not the HTML content: a keyword would match tag and attribute names.
    keywordColumns: ['news.title', 'news.summary'],
    ...columns,
    toColumns: (i) => {
      const content = sanitizeRichText(i.content);
      // Content that was nothing but a script is empty once cleaned: as good as missing.
      if (content.trim() === '') throw invalidField('content', 'required (nothing left after removing unsafe HTML)');
      const publishedAt = i.publishedAt ? new Date(i.publishedAt).toISOString() : null;
      return { ...columns.toColumns(i), content, published_at: publishedAt };
    },
    prepare(columns, _input, { before, services: d }) {
      // Publishing keeps the first publication time: a later edit that omits it does not move it.
      if (columns.published_at === null && columns.status === 'published') {
        columns.published_at = before?.published_at ?? d.now().toISOString();
      }
    },
  });
  return {
    ...noun,
    seed: newsSeed,
  };
}
