import { z } from 'zod';
import { idSchema } from '../../../contract/common';
import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { ok } from '../../../server/http/envelope';
import { invalidField, refused } from '../../../server/http/errors';
import { parseWith } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import {
  type Subclass,
  type SubclassOption,
  subclassCreateSchema,
  subclassPageSchema,
  subclassUpdateSchema,
} from '../schema';
import { subclassSpec } from '../spec';
import { subclassSeed } from './seed';

const select = (db: Db) =>
  db
    .selectFrom('category_subclass as sc')
    .leftJoin('category', 'category.id', 'sc.category_id')
    .selectAll('sc')
    .select('category.name as category_name');

const columns = columnMap<Subclass>()(select, ['categoryId', 'categoryName', 'name', 'sort'], {
  categoryName: { column: 'category_name', write: false },
});

const listQuery = z.strictObject({ categoryId: idSchema.optional() });

async function booksUsing(trx: Db, subclassId: number): Promise<number> {
  const row = await trx
    .selectFrom('book')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('subclass_id', '=', subclassId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function subclassServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('subclass', subclassSpec, 'category_subclass', 'sc'),
    schemas: { create: subclassCreateSchema, update: subclassUpdateSchema, page: subclassPageSchema },
    keywordColumns: ['sc.name'],
    readOnlyFields: ['categoryName'],
    ...columns,
    unique: [
      {
        field: 'name',
        column: 'name',
        scope: ['category_id'],
        message: (v) => `This category already has a subclass named "${String(v)}"`,
      },
    ],
    async check(input, { trx, before }) {
      const cat = await trx.selectFrom('category').select('id').where('id', '=', input.categoryId).executeTakeFirst();
      if (!cat) throw invalidField('categoryId', 'no such category');
      // Moving a subclass would leave its books with a subclass of another category.
      if (before && before.category_id !== input.categoryId) {
        const n = await booksUsing(trx, before.id);
        if (n > 0)
          throw refused(
            { code: 'subclass_move', params: { name: before.name, n } },
            `Subclass "${before.name}" is used by ${n} book(s); it cannot move to another category`,
          );
      }
    },
    async beforeDelete({ trx, before }) {
      const n = await booksUsing(trx, before.id);
      if (n > 0)
        throw refused(
          { code: 'subclass_in_use', params: { name: before.name, n } },
          `Subclass "${before.name}" is used by ${n} book${n === 1 ? '' : 's'}; reassign them first`,
        );
    },
  });

  noun.app.get('/list', async (c) => {
    const { categoryId } = parseWith(listQuery, c.req.query());
    let q = services.db.selectFrom('category_subclass').select(['id', 'category_id', 'name']);
    if (categoryId !== undefined) q = q.where('category_id', '=', categoryId);
    const rows = await q.orderBy('sort').orderBy('name').orderBy('id').execute();
    return ok<SubclassOption[]>(
      c,
      rows.map((r) => ({ id: r.id, categoryId: r.category_id, name: r.name })),
    );
  });
  return { ...noun, seed: subclassSeed };
}
