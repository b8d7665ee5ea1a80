import type { Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import {
  type Bibliography,
  bibliographyCreateSchema,
  bibliographyPageSchema,
  bibliographyUpdateSchema,
} from './schema';
import { bibliographySpec } from './spec';

const select = (db: Db) => db.selectFrom('bibliography').selectAll('bibliography');
type BibliographyRow = RowOf<typeof select>;

const toBibliography = (r: BibliographyRow): Bibliography => ({
  id: r.id,
  title: r.title,
  author: r.author,
  publisher: r.publisher,
  year: r.year,
  isbn: r.isbn,
  notes: r.notes,
  ...rowMeta(r),
});

export function registerBibliography(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(bibliographySpec, 'bibliography'),
    schemas: { create: bibliographyCreateSchema, update: bibliographyUpdateSchema, page: bibliographyPageSchema },
    select,
    keywordColumns: [
      'bibliography.title',
      'bibliography.author',
      'bibliography.publisher',
      'bibliography.isbn',
      'bibliography.notes',
    ],
    filters: (p) => [
      ...(p.yearFrom === undefined ? [] : [sql<SqlBool>`${sql.ref('bibliography.year')} >= ${p.yearFrom}`]),
      ...(p.yearTo === undefined ? [] : [sql<SqlBool>`${sql.ref('bibliography.year')} <= ${p.yearTo}`]),
    ],
    toApi: toBibliography,
    toColumns: (i) => ({
      title: i.title,
      author: i.author,
      publisher: i.publisher ?? null,
      year: i.year ?? null,
      isbn: i.isbn ?? null,
      notes: i.notes ?? null,
    }),
  });
}
