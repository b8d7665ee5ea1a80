import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { fullTextIndexDdl } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import { BOOK_SEARCH_COLUMNS } from '../src/server/db/migrations/0003-book-search';
import type { Database } from '../src/server/db/schema';
import { demoIsbn } from '../src/server/db/seed-demo';
import { mulberry32 } from '../src/server/db/seed-random';

export interface LargeCounts {
  books: number;
  readers: number;
  applications: number;
}

export const LARGE: LargeCounts = { books: 100_000, readers: 20_000, applications: 50_000 };

const ADJECTIVES = [
  'Silent',
  'Hidden',
  'Broken',
  'Golden',
  'Northern',
  'Last',
  'Quiet',
  'Distant',
  'Burning',
  'Winter',
  'Lost',
  'Bright',
  'Hollow',
  'Secret',
  'Iron',
  'Paper',
  'Glass',
  'Wild',
  'Gentle',
  'Final',
];
const NOUNS = [
  'River',
  'Garden',
  'Empire',
  'Machine',
  'Harbour',
  'Letters',
  'Mountain',
  'Archive',
  'Kingdom',
  'Forest',
  'Orchard',
  'Lantern',
  'Compass',
  'Island',
  'Station',
  'Library',
  'Voyage',
  'Theory',
  'Chronicle',
  'Atlas',
  'Window',
  'Bridge',
  'Signal',
  'Circle',
  'Frontier',
];
const TAILS = [
  'of the North',
  'in Winter',
  'and Other Stories',
  'for Beginners',
  'Revisited',
  'of Memory',
  'at Dusk',
  'of the Sea',
  'in Practice',
  'of Small Things',
  'Explained',
  'of the Lost City',
];
const FIRST = [
  'Anna',
  'David',
  'Mei',
  'Jonas',
  'Priya',
  'Lucas',
  'Sofia',
  'Kenji',
  'Amara',
  'Elena',
  'Wei',
  'Noah',
  'Leila',
  'Marek',
  'Hannah',
  'Omar',
];
const LAST = [
  'Whitfield',
  'Okafor',
  'Lindqvist',
  'Zhang',
  'Moreau',
  'Castillo',
  'Novak',
  'Tanaka',
  'Haddad',
  'Brennan',
  'Iyer',
  'Kowalski',
  'Fischer',
  'Alvarez',
  'Sato',
  'Hughes',
];
const PUBLISHERS = [
  'Penguin Classics',
  'Vintage Books',
  'Oxford University Press',
  'Harper Perennial',
  'Faber & Faber',
  'MIT Press',
];

/**
 * Fill a SQLite file (created and migrated if new) with a large catalogue for the benchmark:
 * 8 categories × 5 subclasses, `books`, `readers` and `applications`, in one transaction with
 * prepared statements (a few seconds). Deterministic. Returns the counts written.
 */
export async function seedLarge(file: string, counts: LargeCounts = LARGE): Promise<LargeCounts> {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db, 'sqlite');
  const rand = mulberry32(99);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const at = (daysAgo: number) => new Date(Date.UTC(2026, 0, 1) - daysAgo * 86_400_000).toISOString();

  const fill = sqlite.transaction(() => {
    const cat = sqlite.prepare(
      'insert into category (name, sort, description, version, created_at, updated_at) values (?, ?, null, 0, ?, ?)',
    );
    const sub = sqlite.prepare(
      'insert into category_subclass (category_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 0, ?, ?)',
    );
    const slots: [number, number][] = [];
    for (let c = 0; c < 8; c++) {
      const catId = Number(cat.run(`Category ${c + 1}`, c, at(400), at(400)).lastInsertRowid);
      for (let s = 0; s < 5; s++) {
        slots.push([catId, Number(sub.run(catId, `Shelf ${c + 1}.${s + 1}`, s, at(400), at(400)).lastInsertRowid)]);
      }
    }
    const book = sqlite.prepare(
      `insert into book (title, author, isbn, publisher, publish_date, category_id, subclass_id, cover_url, summary,
        stock, status, version, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, null, null, ?, ?, 0, ?, ?)`,
    );
    for (let i = 0; i < counts.books; i++) {
      const [catId, subId] = slots[i % slots.length] as [number, number];
      const created = at(Math.floor(rand() * 365));
      const year = 1950 + Math.floor(rand() * 75);
      book.run(
        `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(TAILS)}${i % 7 === 0 ? ` ${1 + (i % 5)}` : ''}`,
        `${pick(FIRST)} ${pick(LAST)}`,
        demoIsbn(1_000_000 + i),
        pick(PUBLISHERS),
        `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-15`,
        catId,
        subId,
        Math.floor(rand() * 20),
        rand() < 0.9 ? 'on_shelf' : 'off_shelf',
        created,
        created,
      );
    }
    const reader = sqlite.prepare(
      `insert into reader (nick_name, phone, email, gender, status, avatar_url, version, created_at, updated_at)
        values (?, ?, null, null, ?, null, 0, ?, ?)`,
    );
    for (let i = 0; i < counts.readers; i++) {
      const created = at(Math.floor(rand() * 365));
      reader.run(`${pick(FIRST)} ${pick(LAST)}`, `158${String(i).padStart(8, '0')}`, 'active', created, created);
    }
    const apply = sqlite.prepare(
      `insert into borrow_apply (user_id, book_id, status, remark, handled_by, handled_by_id, handled_at, version,
        created_at, updated_at) values (?, ?, ?, null, null, null, null, 0, ?, ?)`,
    );
    const statuses = ['pending', 'rejected', 'returned'] as const;
    for (let i = 0; i < counts.applications; i++) {
      const created = at(Math.floor(rand() * 365));
      const userId = 1 + Math.floor(rand() * counts.readers);
      const bookId = 1 + Math.floor(rand() * counts.books);
      // No approved loans: they would have to be matched against stock; the bench reads books only.
      apply.run(userId, bookId, pick(statuses), created, created);
    }
  });
  // Indexing the keyword columns row by row (the insert trigger) triples the seeding time; one
  // rebuild at the end gives the same index.
  const [, insertTrigger, , , rebuild] = fullTextIndexDdl('sqlite', 'book', BOOK_SEARCH_COLUMNS);
  sqlite.exec('drop trigger book_fts_ai');
  fill();
  for (const stmt of [insertTrigger, rebuild]) if (stmt) await stmt.execute(db);
  sqlite.pragma('optimize');
  await db.destroy();
  return counts;
}
