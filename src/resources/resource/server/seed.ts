import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty, recordMeta } from '../../../server/db/seed/parts';

export const RESOURCES: [title: string, type: 'ebook' | 'audio' | 'video' | 'document' | 'link', url: string][] = [
  ['Beginner\u2019s guide to the catalogue', 'document', 'https://library.example.org/guides/catalogue.pdf'],
  ['Classic poems read aloud', 'audio', 'https://library.example.org/audio/poems'],
  ['How to use the study rooms', 'video', 'https://library.example.org/video/study-rooms'],
  ['Open textbooks collection', 'link', 'https://openstax.org/'],
  ['Project Gutenberg', 'link', 'https://www.gutenberg.org/'],
  ['Local history photographs', 'link', 'https://library.example.org/archive'],
  ['Introduction to databases', 'ebook', 'https://library.example.org/ebooks/databases'],
  ['Picture books for bedtime', 'ebook', 'https://library.example.org/ebooks/bedtime'],
  ['Research skills workshop', 'video', 'https://library.example.org/video/research'],
  ['Reading list: world history', 'document', 'https://library.example.org/lists/history.pdf'],
  ['Science podcast archive', 'audio', 'https://library.example.org/audio/science'],
  ['Citation styles cheat sheet', 'document', 'https://library.example.org/guides/citations.pdf'],
];

/** The site's resources, most of them filed under a category. */
export const resourceSeed: DemoSeed = {
  // After the banners: the demo's random stream runs through them first.
  after: ['category', 'banner'],
  async run({ trx, rand, pick, ago }) {
    if (!(await isEmpty(trx, 'site_resource'))) return {};
    const cats = await trx.selectFrom('category').select('id').orderBy('sort').execute();
    const rows = RESOURCES.map(([title, type, url]) => ({
      title,
      type,
      url,
      description: `${title}: free for every reader.`,
      category_id: cats.length > 0 && rand() < 0.7 ? pick(cats).id : null,
      ...recordMeta(ago(60)),
    }));
    return { resources: await insertAll(trx, 'site_resource', rows) };
  },
};
