import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';

export const LINKS: [name: string, url: string][] = [
  ['Catalogue', 'https://library.example.org/catalogue'],
  ['Events', 'https://library.example.org/events'],
  ['Front desk', 'mailto:desk@library.example.org'],
  ['Phone', 'tel:+861012345678'],
];

export const COMPANY = {
  name: 'Lectern City Library',
  intro:
    'A public library serving the city since 1921: lending, reading rooms, children\u2019s services and a local history archive.',
  address: '12 Garden Street, Old Town',
  phone: '+86 10 1234 5678',
  email: 'desk@library.example.org',
};

/** About us and the site's links. */
export const aboutSeed: DemoSeed = {
  // Last, so the report reads as it always has: books first, About us and links at the end.
  after: ['bibliography'],
  async run({ trx, now }) {
    const added: Record<string, number> = {};
    const at = now.toISOString();
    if (await isEmpty(trx, 'about')) {
      await trx
        .insertInto('about')
        .values({ id: 1, ...COMPANY, logo_url: null, ...recordMeta(at) })
        .execute();
      added.about = 1;
    }
    if (await isEmpty(trx, 'site_link')) {
      const rows = LINKS.map(([name, url], sort) => ({ name, url, sort, created_at: at, updated_at: at }));
      added.links = await insertAll(trx, 'site_link', rows);
    }
    return added;
  },
};
