import type { DemoSeed } from '../../../server/db/seed/parts';
import { isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { DEMO_CATALOGUE } from '../../../server/db/seed/vocabulary';

/** The demo catalogue's subclasses under its categories, while there are no books. */
export const subclassSeed: DemoSeed = {
  after: ['category'],
  async run({ trx, now }) {
    if (!(await isEmpty(trx, 'book'))) return {};
    const meta = recordMeta(now.toISOString());
    for (const cat of DEMO_CATALOGUE) {
      const category = await trx.selectFrom('category').select('id').where('name', '=', cat.name).executeTakeFirst();
      if (!category) continue;
      for (const [sort, name] of Object.keys(cat.subclasses).entries()) {
        const found = await trx
          .selectFrom('category_subclass')
          .select('id')
          .where('category_id', '=', category.id)
          .where('name', '=', name)
          .executeTakeFirst();
        if (!found)
          await trx
            .insertInto('category_subclass')
            .values({ category_id: category.id, name, sort, ...meta })
            .execute();
      }
    }
    return {};
  },
};
