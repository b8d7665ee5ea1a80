import { type SqlBool, sql } from 'kysely';
import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import type { Services } from '../../../server/services';
import {
  type Bibliography,
  bibliographyCreateSchema,
  bibliographyPageSchema,
  bibliographyUpdateSchema,
} from '../schema';
import { bibliographySpec } from '../spec';
import { bibliographySeed } from './seed';

const select = (db: Db) => db.selectFrom('bibliography').selectAll('bibliography');

const columns = columnMap<Bibliography>()(select, ['title', 'author', 'publisher', 'year', 'isbn', 'notes']);

export function bibliographyServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('bibliography', bibliographySpec, 'bibliography'),
    schemas: { create: bibliographyCreateSchema, update: bibliographyUpdateSchema, page: bibliographyPageSchema },
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
    ...columns,
  });
  return {
    ...noun,
    seed: bibliographySeed,
  };
}
