import type { DemoSeed } from '../../../server/db/seed/parts';
import { isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { DEMO_CATALOGUE } from '../../../server/db/seed/vocabulary';

/** The demo catalogue's 8 categories, while there are no books (a catalogue in use is left alone). */
export const categorySeed: DemoSeed = {
  async run({ trx, now }) {
    if (!(await isEmpty(trx, 'book'))) return {};
    const meta = recordMeta(now.toISOString());
    for (const [sort, cat] of DEMO_CATALOGUE.entries()) {
      const found = await trx.selectFrom('category').select('id').where('name', '=', cat.name).executeTakeFirst();
      if (!found)
        await trx
          .insertInto('category')
          .values({ name: cat.name, sort, description: cat.description, ...meta })
          .execute();
    }
    return {};
  },
};
