import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';

/** Generated banner pictures, one per banner. */
const PICTURES = { kind: 'banner', count: 5, width: 1200, height: 400 } as const;

export const BANNERS: [title: string, link: string | null][] = [
  ['Summer reading challenge', 'https://library.example.org/summer'],
  ['New arrivals this month', null],
  ['Author talks', 'https://library.example.org/events'],
  ['Digital lending', 'https://library.example.org/digital'],
  ['Contact the front desk', 'mailto:desk@library.example.org'],
];

/** Five banners with generated pictures, four of them shown. */
export const bannerSeed: DemoSeed = {
  // After the news: the demo's random stream runs through them first.
  after: ['news'],
  async run({ trx, ago, pictures }) {
    if (!(await isEmpty(trx, 'banner'))) return {};
    const urls = await pictures(PICTURES);
    const rows = BANNERS.map(([title, link], i) => ({
      title,
      image_url: urls[i] ?? `/banners/banner-${i + 1}.jpg`,
      link_url: link,
      sort: i,
      enabled: i < 4 ? 1 : 0,
      ...recordMeta(ago(30)),
    }));
    return { banners: await insertAll(trx, 'banner', rows) };
  },
};
