import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { seedDemoContent } from './seed-demo-content';
import { DEMO_CATALOGUE, FIRST_NAMES, LAST_NAMES, PUBLISHERS, TOPICS } from './seed-demo-data';
import { removeDemoPictures, seedDemoPictures } from './seed-demo-images';
import { mulberry32 } from './seed-random';

const TARGET_BOOKS = 300;

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

/** Generated covers: most books get one of these (some keep none, as in a real catalogue). */
const COVERS = { kind: 'cover', count: 24, width: 300, height: 450 } as const;
const BANNERS = { kind: 'banner', count: 5, width: 1200, height: 400 } as const;

/**
 * LECTERN_SEED=demo: about 300 books over 8 categories with subclasses. Runs only while the
 * catalogue has no books, so restarting with the flag set never duplicates anything. With
 * `dataDir`, books and banners get generated pictures in the image library.
 */
export async function seedDemo(db: Kysely<Database>, now: Date, dataDir?: string): Promise<Record<string, number>> {
  const stored: string[] = [];
  const pictures = dataDir
    ? (spec: typeof COVERS | typeof BANNERS) => (trx: Kysely<Database>) =>
        seedDemoPictures(trx, dataDir, now.toISOString(), spec, stored)
    : undefined;
  try {
    // One transaction: a failed seed leaves the database as it was, never half a demo.
    return await db.transaction().execute(async (trx) => {
      const books = await seedDemoBooks(trx, now, pictures?.(COVERS));
      const rest = await seedDemoContent(trx, now, pictures?.(BANNERS));
      return books > 0 ? { books, ...rest } : rest;
    });
  } catch (err) {
    if (dataDir) await removeDemoPictures(dataDir, stored);
    throw err;
  }
}

type Pictures = (trx: Kysely<Database>) => Promise<string[]>;

async function seedDemoBooks(trx: Kysely<Database>, now: Date, covers?: Pictures): Promise<number> {
  const existing = await trx.selectFrom('book').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const rand = mulberry32(2024);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const at = now.toISOString();
  const meta = { version: 0, created_at: at, updated_at: at };

  {
    const books: DemoBook[] = [];
    const slots: { categoryId: number; subclassId: number; name: string; patterns: string[] }[] = [];
    for (const [ci, cat] of DEMO_CATALOGUE.entries()) {
      const found = await trx.selectFrom('category').select('id').where('name', '=', cat.name).executeTakeFirst();
      const categoryId =
        found?.id ??
        (
          await trx
            .insertInto('category')
            .values({ name: cat.name, sort: ci, description: cat.description, ...meta })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      for (const [si, [name, sub]] of Object.entries(cat.subclasses).entries()) {
        const subFound = await trx
          .selectFrom('category_subclass')
          .select('id')
          .where('category_id', '=', categoryId)
          .where('name', '=', name)
          .executeTakeFirst();
        const subclassId =
          subFound?.id ??
          (
            await trx
              .insertInto('category_subclass')
              .values({ category_id: categoryId, name, sort: si, ...meta })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        for (const [title, author, year] of sub.classics) books.push({ title, author, year, categoryId, subclassId });
        slots.push({ categoryId, subclassId, name, patterns: sub.patterns });
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

    const coverUrls = (await covers?.(trx)) ?? [];
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
    return books.length;
  }
}
