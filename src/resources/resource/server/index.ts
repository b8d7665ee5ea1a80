import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { type Resource, resourceCreateSchema, resourcePageSchema, resourceUpdateSchema } from '../schema';
import { resourceSpec } from '../spec';
import { resourceSeed } from './seed';

const select = (db: Db) =>
  db
    .selectFrom('site_resource')
    .leftJoin('category', 'category.id', 'site_resource.category_id')
    .selectAll('site_resource')
    .select('category.name as category_name');

const columns = columnMap<Resource>()(select, ['title', 'type', 'url', 'description', 'categoryId', 'categoryName'], {
  categoryName: { column: 'category_name', write: false },
});

/** `/resource`: reading material (e-books, audio, links) optionally filed under a category. */
export function resourceServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('resource', resourceSpec, 'site_resource'),
    schemas: { create: resourceCreateSchema, update: resourceUpdateSchema, page: resourcePageSchema },
    keywordColumns: ['site_resource.title', 'site_resource.description', 'site_resource.url'],
    pageFromTable: true,
    readOnlyFields: ['categoryName'],
    ...columns,
    async check(input, { trx }) {
      if (input.categoryId === undefined) return;
      const cat = await trx.selectFrom('category').select('id').where('id', '=', input.categoryId).executeTakeFirst();
      if (!cat) throw invalidField('categoryId', 'no such category');
    },
  });
  return {
    ...noun,
    seed: resourceSeed,
  };
}
