import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../src/resources/book/schema';
import { keywordMatch, orderTerm } from '../../../src/server/db/dialect';
import { BOOK_SEARCH_COLUMNS } from '../../../src/server/db/migrations/0003-book-search';
import { mulberry32 } from '../../../src/server/db/seed/random';
import { pageOf } from '../helpers/crud';
import { createCategory, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The book keyword search gives the same rows on SQLite (FTS5 trigram + LIKE) and on
 * PostgreSQL (pg_trgm GIN indexes), for the same data. Needs both engines, so it runs where
 * DATABASE_URL is set (tests/server/pg/run.sh); on a SQLite-only run it is skipped.
 */
const both = !!process.env.DATABASE_URL;

const WORDS = [
  'Harbour',
  'harbour',
  'HARBOUR',
  'Ünïcode',
  'ünïcode',
  'Élodie',
  'élodie',
  '北京',
  '上海的书',
  '50%',
  'off_sale',
  'back\\slash',
  'Quote"d',
  "O'Brien",
  'Straße',
  'STRASSE',
  'mountain',
  'Lantern',
  'river',
  'İstanbul',
  'ıi',
  'Ωmega',
  'ωmega',
];
const KEYWORDS = [
  'harbour',
  'HARB',
  'arb',
  'ar',
  'a',
  'ünï',
  'ÜNÏ',
  'élo',
  'ÉLO',
  '北京',
  '京',
  '的书',
  '50%',
  '%',
  '_',
  'off_',
  'f_s',
  '\\',
  'k\\s',
  '"d',
  "o'b",
  'straße',
  'strasse',
  'istanbul',
  'İst',
  'ωmeg',
  'Ωmeg',
  'river lant',
  'n m',
  'zzz',
  '978',
  '-1',
  'press',
];

const BOOK_KEYWORD_COLUMNS = BOOK_SEARCH_COLUMNS.map((c) => `book.${c}`);

let sqlite: TestServer;
let postgres: TestServer;
let sqliteCategory: number;
let postgresCategory: number;

/** The same 400 books, in the same order, into both databases (so ids agree too). */
function books(categoryId: number) {
  const rand = mulberry32(7);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)] as string;
  return Array.from({ length: 400 }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    return {
      title: `${pick()} ${pick()}${i % 3 === 0 ? ` ${pick()}` : ''}`,
      author: `${pick()} ${i % 5 === 0 ? pick() : 'Smith'}`,
      isbn: i % 4 === 0 ? null : `978-${String(i).padStart(6, '0')}-${i % 10}`,
      publisher: i % 2 === 0 ? `${pick()} Press` : null,
      publish_date: null,
      category_id: categoryId,
      subclass_id: null,
      cover_url: null,
      summary: null,
      stock: 1,
      status: 'on_shelf',
      version: 0,
      created_at: at,
      updated_at: at,
    };
  });
}

beforeAll(async () => {
  if (!both) return;
  sqlite = await startTestServer({ engine: 'sqlite' });
  // Not the C locale README recommends: the cluster's default (run.sh: C.UTF-8, whose lower() folds
  // Ü to ü), so the ASCII-only folding must come from the query itself, not from the database.
  postgres = await startTestServer({ engine: 'postgres', pgLocale: 'server default' });
  sqliteCategory = await createCategory(sqlite, 'Engines');
  postgresCategory = await createCategory(postgres, 'Engines');
  for (const [s, c] of [
    [sqlite, sqliteCategory],
    [postgres, postgresCategory],
  ] as const) {
    const rows = books(c);
    for (let i = 0; i < rows.length; i += 100)
      await s.db
        .insertInto('book')
        .values(rows.slice(i, i + 100))
        .execute();
  }
});
afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
});

/** Every id the keyword finds, through the HTTP page route, all pages. */
async function search(s: TestServer, keyword: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let pageNum = 1; ; pageNum++) {
    const res = await pageOf<Book>(s, 'book', { keyword, pageNum, pageSize: 100, sort: 'title', order: 'asc' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    total = res.body.data.total;
    ids.push(...res.body.data.items.map((b) => b.id));
    if (res.body.data.items.length < 100) break;
  }
  return { ids, total };
}

const asciiLower = (t: string) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());

describe.skipIf(!both)('book keyword search: SQLite and PostgreSQL agree', () => {
  it.each(KEYWORDS)('same ids, same order and same total for %s', async (keyword) => {
    const [a, b] = [await search(sqlite, keyword), await search(postgres, keyword)];
    expect(b.total).toBe(a.total);
    // Sorted by title then id: the C collation orders text byte-wise, as SQLite does.
    expect(b.ids).toEqual(a.ids);
    // And both are the plain-scan answer: a substring of title/author/isbn/publisher, ASCII folded.
    const expected = books(0)
      .map((r, i) => ({ id: i + 1, r }))
      .filter(({ r }) =>
        [r.title, r.author, r.isbn ?? '', r.publisher ?? ''].some((f) => asciiLower(f).includes(asciiLower(keyword))),
      )
      .map(({ id }) => id)
      .sort((x, y) => x - y);
    expect([...a.ids].sort((x, y) => x - y)).toEqual(expected);
  });

  it('PostgreSQL answers a 3+ character keyword from the pg_trgm indexes', async () => {
    const plan = await postgres.db.connection().execute(async (conn) => {
      // Few rows: the planner would rightly scan the table; forbid that to see the index serves it.
      await sql`set enable_seqscan = off`.execute(conn);
      // Exactly what the page route runs for a keyword (src/resources/book/server/index.ts: its keyword columns).
      const q = postgres.db
        .selectFrom('book')
        .select('book.id')
        .where(keywordMatch('postgres', BOOK_KEYWORD_COLUMNS, 'harb'))
        .compile();
      const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
      );
      await sql`reset enable_seqscan`.execute(conn);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const col of BOOK_SEARCH_COLUMNS) expect(plan).toContain(`book_${col}_trgm_idx`);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it.each([
    ['title', 'asc', 'book_title_idx'],
    ['title', 'desc', 'book_title_idx'],
    ['publisher', 'asc', 'book_publisher_idx'],
    ['id', 'desc', 'book_pkey'],
  ] as const)('PostgreSQL serves ORDER BY %s %s (SQLite NULL order) from %s', async (column, dir, index) => {
    const plan = await postgres.db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      await sql`set enable_sort = off`.execute(conn);
      // The terms the page route sorts by: the column, then the id tie-break.
      let q = postgres.db.selectFrom('book').select('book.id');
      if (column !== 'id') q = q.orderBy(orderTerm('postgres', `book.${column}`, dir));
      const c = q
        .orderBy(orderTerm('postgres', 'book.id', dir, true))
        .limit(10)
        .compile();
      const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${c.sql}`, [...c.parameters]),
      );
      await sql`reset enable_seqscan`.execute(conn);
      await sql`reset enable_sort`.execute(conn);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(`using ${index} on book`);
    // A full sort of the table would show as a plain "Sort" node (an incremental sort of ties is fine).
    expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });
});
