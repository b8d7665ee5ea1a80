import type { DemoSeed } from '../../../server/db/seed/parts';
import { isEmpty, recordMeta } from '../../../server/db/seed/parts';
import { mulberry32 } from '../../../server/db/seed/random';
import { DEMO_CATALOGUE, FIRST_NAMES, LAST_NAMES, PUBLISHERS, TOPICS } from '../../../server/db/seed/vocabulary';

const TARGET_BOOKS = 300;

/** Generated covers: most books get one of these (some keep none, as in a real catalogue). */
const COVERS = { kind: 'cover', count: 24, width: 300, height: 450 } as const;

/** A valid ISBN-13 in the 978-1 range from a serial number (synthetic, but the check digit is right). */
export function demoIsbn(serial: number): string {
  const body = `9781${String(serial).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

interface DemoBook {
  title: string;
  author: string;
  year: number;
  categoryId: number;
  subclassId: number;
}

/**
 * About 300 books on the demo catalogue's shelves: its classics, then titles from each shelf's
 * patterns round-robin. Only while there are no books; its own random stream, so the content's
 * does not depend on whether the catalogue was filled.
 */
export const bookSeed: DemoSeed = {
  after: ['category', 'subclass'],
  async run({ trx, now, pictures }) {
    if (!(await isEmpty(trx, 'book'))) return {};
    const rand = mulberry32(2024);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const meta = recordMeta(now.toISOString());

    const books: DemoBook[] = [];
    const slots: { categoryId: number; subclassId: number; name: string; patterns: string[] }[] = [];
    for (const cat of DEMO_CATALOGUE) {
      const category = await trx.selectFrom('category').select('id').where('name', '=', cat.name).executeTakeFirst();
      if (!category) continue;
      for (const [name, sub] of Object.entries(cat.subclasses)) {
        const subclass = await trx
          .selectFrom('category_subclass')
          .select('id')
          .where('category_id', '=', category.id)
          .where('name', '=', name)
          .executeTakeFirst();
        if (!subclass) continue;
        const shelf = { categoryId: category.id, subclassId: subclass.id };
        for (const [title, author, year] of sub.classics) books.push({ title, author, year, ...shelf });
        slots.push({ ...shelf, name, patterns: sub.patterns });
      }
    }
    // Fill the shelves round-robin with pattern titles until the target, never repeating a title.
    const titles = new Set(books.map((b) => b.title));
    for (let i = 0; books.length < TARGET_BOOKS && i < TARGET_BOOKS * 20; i++) {
      const slot = slots[i % slots.length];
      if (!slot) break;
      const title = pick(slot.patterns).replace('{t}', pick(TOPICS[slot.name] ?? ['Books']));
      if (titles.has(title)) continue;
      titles.add(title);
      const author = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      books.push({ title, author, year: 1985 + Math.floor(rand() * 40), ...slot });
    }

    const coverUrls = await pictures(COVERS);
    for (const [i, b] of books.entries()) {
      const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
      const day = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
      await trx
        .insertInto('book')
        .values({
          title: b.title,
          author: b.author,
          isbn: demoIsbn(100_000 + i * 7),
          publisher: pick(PUBLISHERS),
          // Only modern editions get a date: a YYYY-MM-DD for 430 BC would be nonsense.
          publish_date: b.year >= 1900 ? `${b.year}-${month}-${day}` : null,
          category_id: b.categoryId,
          subclass_id: b.subclassId,
          // Every fifth book has no cover, so lists show the placeholder too.
          cover_url: coverUrls.length > 0 && i % 5 !== 4 ? (coverUrls[i % coverUrls.length] ?? null) : null,
          summary: b.year < 1900 ? `A classic first published in ${b.year < 0 ? `${-b.year} BC` : b.year}.` : null,
          stock: Math.floor(rand() * 12),
          status: rand() < 0.9 ? 'on_shelf' : 'off_shelf',
          ...meta,
        })
        .execute();
    }
    return books.length > 0 ? { books: books.length } : {};
  },
};
