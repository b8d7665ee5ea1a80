import type { Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import type { Db } from '../../server/crud/types';
import {
  type Bibliography,
  bibliographyCreateSchema,
  bibliographyPageSchema,
  bibliographyUpdateSchema,
} from './schema';
import { bibliographySpec } from './spec';

const select = (db: Db) => db.selectFrom('bibliography').selectAll('bibliography');
type BibliographyRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toBibliography = (r: BibliographyRow): Bibliography => ({
  id: r.id,
  title: r.title,
  author: r.author,
  publisher: r.publisher,
  year: r.year,
  isbn: r.isbn,
  notes: r.notes,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function registerBibliography(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'bibliography',
    roles: bibliographySpec.roles,
    table: 'bibliography',
    schemas: { create: bibliographyCreateSchema, update: bibliographyUpdateSchema, page: bibliographyPageSchema },
    select,
    idColumn: 'bibliography.id',
    sortColumns: {
      id: 'bibliography.id',
      title: 'bibliography.title',
      author: 'bibliography.author',
      year: 'bibliography.year',
      createdAt: 'bibliography.created_at',
      updatedAt: 'bibliography.updated_at',
    },
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
