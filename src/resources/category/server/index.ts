import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { ok } from '../../../server/http/envelope';
import { refused } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import {
  type Category,
  type CategoryOption,
  categoryCreateSchema,
  categoryPageSchema,
  categoryUpdateSchema,
} from '../schema';
import { categorySpec } from '../spec';
import { categorySeed } from './seed';

const select = (db: Db) => db.selectFrom('category').selectAll('category');

const columns = columnMap<Category>()(select, ['name', 'sort', 'description', 'loanDays']);

export function categoryServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('category', categorySpec, 'category'),
    schemas: { create: categoryCreateSchema, update: categoryUpdateSchema, page: categoryPageSchema },
    keywordColumns: ['category.name', 'category.description'],
    ...columns,
    unique: [{ field: 'name', column: 'name', message: (v) => `A category named "${String(v)}" already exists` }],
    async beforeDelete({ trx, id, before }) {
      const subs = await count(trx, 'category_subclass', id);
      const books = await count(trx, 'book', id);
      const resources = await count(trx, 'site_resource', id);
      if (subs + books + resources > 0) {
        const parts = [
          `${subs} subclass${subs === 1 ? '' : 'es'}`,
          `${books} book${books === 1 ? '' : 's'}`,
          ...(resources > 0 ? [`${resources} resource${resources === 1 ? '' : 's'}`] : []),
        ];
        throw refused(
          { code: 'category_in_use', params: { name: before.name } },
          `Category "${before.name}" is still in use (${parts.join(', ')}); move or delete them first`,
        );
      }
    },
  });

  noun.app.get('/list', async (c) => {
    const rows = await services.db
      .selectFrom('category')
      .select(['id', 'name'])
      .orderBy('sort')
      .orderBy('name')
      .execute();
    return ok<CategoryOption[]>(c, rows);
  });
  return { ...noun, seed: categorySeed };
}

async function count(
  trx: Db,
  table: 'book' | 'category_subclass' | 'site_resource',
  categoryId: number,
): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
