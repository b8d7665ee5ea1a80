import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { demoIsbn } from '../src/resources/book/server/seed';
import { dropFullTextIndexDdl, fullTextIndexDdl } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import { BOOK_SEARCH_COLUMNS } from '../src/server/db/migrations/0003-book-search';
import { openPostgres } from '../src/server/db/postgres';
import type { Database } from '../src/server/db/schema';
import { mulberry32 } from '../src/server/db/seed/random';
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST, PUBLISHERS } from '../src/server/db/seed/vocabulary';

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

/** Rows of the large catalogue, in insert order (ids 1…n), the same for both engines. */
interface LargeRows {
  categories: { name: string; sort: number; at: string }[];
  subclasses: { categoryId: number; name: string; sort: number; at: string }[];
  books: (string | number | null)[][];
  readers: (string | number | null)[][];
  applications: (string | number | null)[][];
}

const BOOK_COLUMNS = [
  'title',
  'author',
  'isbn',
  'publisher',
  'publish_date',
  'category_id',
  'subclass_id',
  'stock',
  'status',
  'created_at',
  'updated_at',
] as const;
const READER_COLUMNS = ['nick_name', 'phone', 'status', 'created_at', 'updated_at'] as const;
const APPLICATION_COLUMNS = ['reader_id', 'book_id', 'status', 'created_at', 'updated_at'] as const;

/**
 * 8 categories × 5 subclasses, `books`, `readers` and `applications`, deterministic (seed 99).
 * No approved loans: they would have to be matched against stock; the bench reads books only.
 */
function largeRows(counts: LargeCounts): LargeRows {
  const rand = mulberry32(99);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const at = (daysAgo: number) => new Date(Date.UTC(2026, 0, 1) - daysAgo * 86_400_000).toISOString();
  const rows: LargeRows = { categories: [], subclasses: [], books: [], readers: [], applications: [] };
  const slots: [number, number][] = [];
  for (let c = 0; c < 8; c++) {
    rows.categories.push({ name: `Category ${c + 1}`, sort: c, at: at(400) });
    for (let s = 0; s < 5; s++) {
      rows.subclasses.push({ categoryId: c + 1, name: `Shelf ${c + 1}.${s + 1}`, sort: s, at: at(400) });
      slots.push([c + 1, rows.subclasses.length]);
    }
  }
  for (let i = 0; i < counts.books; i++) {
    const [catId, subId] = slots[i % slots.length] as [number, number];
    const created = at(Math.floor(rand() * 365));
    const year = 1950 + Math.floor(rand() * 75);
    rows.books.push([
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
    ]);
  }
  for (let i = 0; i < counts.readers; i++) {
    const created = at(Math.floor(rand() * 365));
    rows.readers.push([`${pick(FIRST)} ${pick(LAST)}`, `158${String(i).padStart(8, '0')}`, 'active', created, created]);
  }
  const statuses = ['pending', 'rejected', 'returned'] as const;
  for (let i = 0; i < counts.applications; i++) {
    const created = at(Math.floor(rand() * 365));
    const readerId = 1 + Math.floor(rand() * counts.readers);
    const bookId = 1 + Math.floor(rand() * counts.books);
    rows.applications.push([readerId, bookId, pick(statuses), created, created]);
  }
  return rows;
}

const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

/**
 * Fill a SQLite file (created and migrated if new) with the large catalogue, in one transaction
 * with prepared statements (a few seconds). Returns the counts written.
 */
export async function seedLarge(file: string, counts: LargeCounts = LARGE): Promise<LargeCounts> {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db, 'sqlite');
  const rows = largeRows(counts);

  const fill = sqlite.transaction(() => {
    const cat = sqlite.prepare(
      'insert into category (name, sort, description, version, created_at, updated_at) values (?, ?, null, 0, ?, ?)',
    );
    for (const c of rows.categories) cat.run(c.name, c.sort, c.at, c.at);
    const sub = sqlite.prepare(
      'insert into category_subclass (category_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 0, ?, ?)',
    );
    for (const s of rows.subclasses) sub.run(s.categoryId, s.name, s.sort, s.at, s.at);
    const book = sqlite.prepare(
      `insert into book (${BOOK_COLUMNS.join(', ')}, version) values ${placeholders(BOOK_COLUMNS.length).slice(0, -1)}, 0)`,
    );
    for (const b of rows.books) book.run(...b);
    const reader = sqlite.prepare(
      `insert into reader (${READER_COLUMNS.join(', ')}, version) values ${placeholders(READER_COLUMNS.length).slice(0, -1)}, 0)`,
    );
    for (const r of rows.readers) reader.run(...r);
    const apply = sqlite.prepare(
      `insert into application (${APPLICATION_COLUMNS.join(', ')}, version) values ${placeholders(APPLICATION_COLUMNS.length).slice(0, -1)}, 0)`,
    );
    for (const r of rows.applications) apply.run(...r);
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

/**
 * The same catalogue into an empty PostgreSQL database (migrated here): multi-row INSERTs of 1,000
 * rows in one transaction, the trigram indexes built once at the end, then VACUUM ANALYZE.
 */
export async function seedLargePostgres(url: string, counts: LargeCounts = LARGE): Promise<LargeCounts> {
  const { db } = openPostgres(url, { poolSize: 2 });
  try {
    await migrateToLatest(db, 'postgres');
    const rows = largeRows(counts);
    const [, ...trigramIndexes] = fullTextIndexDdl('postgres', 'book', BOOK_SEARCH_COLUMNS);
    await db.transaction().execute(async (trx) => {
      for (const stmt of dropFullTextIndexDdl('postgres', 'book', BOOK_SEARCH_COLUMNS)) await stmt.execute(trx);
      const bulk = async (table: string, columns: readonly string[], data: (string | number | null)[][]) => {
        for (let i = 0; i < data.length; i += 1000) {
          const chunk = data.slice(i, i + 1000);
          const values = chunk.map((r) => sql`(${sql.join(r.map((v) => sql`${v}`))}, 0)`);
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}, version)
            values ${sql.join(values)}`.execute(trx);
        }
      };
      await bulk(
        'category',
        ['name', 'sort', 'created_at', 'updated_at'],
        rows.categories.map((c) => [c.name, c.sort, c.at, c.at]),
      );
      await bulk(
        'category_subclass',
        ['category_id', 'name', 'sort', 'created_at', 'updated_at'],
        rows.subclasses.map((s) => [s.categoryId, s.name, s.sort, s.at, s.at]),
      );
      await bulk('book', BOOK_COLUMNS, rows.books);
      await bulk('reader', READER_COLUMNS, rows.readers);
      await bulk('application', APPLICATION_COLUMNS, rows.applications);
      for (const stmt of trigramIndexes) await stmt.execute(trx);
    });
    // What autovacuum would do after a bulk load: statistics, and the visibility map that lets
    // count(*) and id lookups use index-only scans.
    for (const t of ['category', 'category_subclass', 'book', 'reader', 'application'])
      await sql`vacuum analyze ${sql.table(t)}`.execute(db);
  } finally {
    await db.destroy();
  }
  return counts;
}
