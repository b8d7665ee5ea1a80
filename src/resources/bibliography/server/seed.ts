import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { DEMO_CATALOGUE } from '../../../server/db/seed/vocabulary';

/** The catalogue's classics as the reading list. */
export const bibliographySeed: DemoSeed = {
  // After the resources: the demo's random stream runs through them first.
  after: ['resource'],
  async run({ trx, ago }) {
    if (!(await isEmpty(trx, 'bibliography'))) return {};
    const classics = DEMO_CATALOGUE.flatMap((c) => Object.values(c.subclasses).flatMap((s) => s.classics));
    const rows = classics.map(([title, author, year]) => ({
      title,
      author,
      publisher: null,
      // The contract's year bounds (1000..next year): older works are listed without one.
      year: year >= 1000 ? year : null,
      isbn: null,
      notes: year < 1900 ? 'Many editions; any complete translation will do.' : null,
      ...recordMeta(ago(60)),
    }));
    return { bibliography: await insertAll(trx, 'bibliography', rows) };
  },
};
