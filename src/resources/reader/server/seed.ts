import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { FIRST_NAMES, LAST_NAMES } from '../../../server/db/seed/vocabulary';

const READERS = 200;

/** 200 readers who joined over the last 60 days (the home chart's new users), most of them active. */
export const readerSeed: DemoSeed = {
  async run({ trx, rand, pick, ago }) {
    if (!(await isEmpty(trx, 'reader'))) return {};
    const rows = Array.from({ length: READERS }, (_, i) => {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const at = ago(60);
      return {
        nick_name: `${first} ${last}`,
        phone: `139${String(10_000_000 + i * 4_111).padStart(8, '0')}`,
        email:
          rand() < 0.7 ? `${`${first}.${last}${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '')}@mail.example.org` : null,
        gender: pick(['male', 'female', 'other', null] as const),
        status: rand() < 0.95 ? 'active' : 'disabled',
        avatar_url: null,
        ...recordMeta(at),
      };
    });
    return { readers: await insertAll(trx, 'reader', rows) };
  },
};
