/**
 * `npx tsx bench/loans-report.ts` (or `npm run bench loans`): GET /loans/report over 100,000 loans
 * (docs/loans-report.md), against a real server on loopback, on SQLite and on PostgreSQL (with
 * DATABASE_URL, or `--engine=postgres` under `bash tests/server/pg/run.sh`). The baseline, in the
 * same run and on the same rows: `POST /apply/page` with a status and a created-day range, the
 * Applications list filtered as the report's figures are checked against. Medians of RUNS
 * requests, each also as a ratio to the baseline's median.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate';
import { openPostgres } from '../src/server/db/postgres';
import type { Database } from '../src/server/db/schema';
import { mulberry32 } from '../src/server/db/seed/random';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../tests/server/helpers/database';
import { PASSWORD, signIn, startServer } from './server';

type Engine = 'sqlite' | 'postgres';
const LOANS = Number(process.env.LECTERN_BENCH_LOANS ?? 100_000);
const BOOKS = 10_000;
const READERS = 5_000;
const RUNS = Number(process.env.LECTERN_BENCH_LOANS_RUNS ?? 15);
const DAY = 86_400_000;
const NOW = Date.now();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = day(NOW);

/** The rows, deterministic: books in 8 categories, loans over the last three years, a tenth of them still out. */
function rows() {
  const rand = mulberry32(42);
  const at = new Date(NOW - 1200 * DAY).toISOString();
  const categories = Array.from({ length: 8 }, (_, i) => [`Category ${i + 1}`, i, at, at]);
  const books = Array.from({ length: BOOKS }, (_, i) => [
    `Bench book ${i + 1}`,
    'Bench',
    1 + (i % 8),
    3,
    'on_shelf',
    at,
    at,
  ]);
  const readers = Array.from({ length: READERS }, (_, i) => [
    `Reader ${i}`,
    `159${String(i).padStart(8, '0')}`,
    'active',
    at,
    at,
  ]);
  const applications: (string | number | null)[][] = [];
  for (let i = 0; i < LOANS; i++) {
    const approved = NOW - Math.floor(rand() * 1095 * DAY);
    const out = rand() < 0.1;
    const returned = out ? null : approved + Math.floor((1 + rand() * 40) * DAY);
    const a = new Date(approved).toISOString();
    const r = returned === null || returned > NOW ? null : new Date(returned).toISOString();
    // Skewed towards the first books, as borrowing is.
    const book = 1 + Math.floor(rand() * rand() * BOOKS);
    applications.push([
      1 + Math.floor(rand() * READERS),
      book,
      r ? 'returned' : 'approved',
      a,
      new Date(approved + 21 * DAY).toISOString(),
      r,
      a,
      a,
    ]);
  }
  return { categories, books, readers, applications };
}

const TABLES = [
  ['category', ['name', 'sort', 'created_at', 'updated_at']],
  ['book', ['title', 'author', 'category_id', 'stock', 'status', 'created_at', 'updated_at']],
  ['reader', ['nick_name', 'phone', 'status', 'created_at', 'updated_at']],
  [
    'application',
    ['reader_id', 'book_id', 'status', 'approved_at', 'due_at', 'returned_at', 'created_at', 'updated_at'],
  ],
] as const;

async function seedSqlite(file: string) {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db, 'sqlite');
  const data = rows();
  const byTable = [data.categories, data.books, data.readers, data.applications];
  sqlite.transaction(() => {
    TABLES.forEach(([table, columns], t) => {
      const insert = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}, version) values (${columns.map(() => '?').join(', ')}, 0)`,
      );
      for (const r of byTable[t] ?? []) insert.run(...r);
    });
  })();
  sqlite.exec('analyze');
  await db.destroy();
}

async function seedPostgres(url: string) {
  const { db } = openPostgres(url, { poolSize: 2 });
  try {
    await migrateToLatest(db, 'postgres');
    const data = rows();
    const byTable = [data.categories, data.books, data.readers, data.applications];
    await db.transaction().execute(async (trx) => {
      for (const [t, [table, columns]] of TABLES.entries()) {
        const all = byTable[t] ?? [];
        for (let i = 0; i < all.length; i += 1000) {
          const values = all.slice(i, i + 1000).map((r) => sql`(${sql.join(r.map((v) => sql`${v}`))}, 0)`);
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}, version) values ${sql.join(values)}`.execute(
            trx,
          );
        }
      }
    });
    for (const [table] of TABLES) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  } finally {
    await db.destroy();
  }
}

/**
 * `--without-0021`: the same rows without migration 0021's indexes (dropped after seeding), to
 * measure what they are worth in another run of minutes apart.
 */
const WITHOUT_0021 = process.argv.includes('--without-0021');

async function dropIndexes(engine: Engine, where: string) {
  const drop = ['application_loans_idx', 'application_book_approved_idx'].map((i) => `drop index ${i}`);
  if (engine === 'sqlite') {
    const sqlite = new SQLite(where);
    for (const d of drop) sqlite.exec(d);
    sqlite.close();
    return;
  }
  const { db } = openPostgres(where, { poolSize: 1 });
  try {
    for (const d of drop) await sql.raw(d).execute(db);
  } finally {
    await db.destroy();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function time(send: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await send();
  const body = await res.text();
  if (!res.ok || (res.headers.get('content-type')?.startsWith('application/json') && !body.includes('"code":20000')))
    throw new Error(`bench request failed: ${res.status} ${body.slice(0, 200)}`);
  return performance.now() - t0;
}

/**
 * Medians of RUNS requests per scenario, taken in rounds (one request of each scenario a round,
 * after 3 rounds of warm-up), so that a busy moment of the shared machine weighs on every
 * scenario alike and the ratios to the baseline stay comparable.
 */
async function mediansOf(sends: readonly (() => Promise<Response>)[]): Promise<number[]> {
  const times: number[][] = sends.map(() => []);
  for (let round = 0; round < RUNS + 3; round++) {
    for (const [i, send] of sends.entries()) {
      const ms = await time(send);
      if (round >= 3) times[i]?.push(ms);
    }
  }
  return times.map(median);
}

export async function benchEngine(engine: Engine): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-bench-loans-'));
  let dbName: string | undefined;
  try {
    const env: Record<string, string> = {
      LECTERN_DATA: dir,
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      LECTERN_DIST: join(dir, 'no-dist'),
      DATABASE_URL: '',
    };
    const t0 = performance.now();
    if (engine === 'sqlite') await seedSqlite(join(dir, 'lectern.sqlite'));
    else {
      dbName = uniqueDatabaseName('lectern_bench_loans');
      env.DATABASE_URL = await createDatabase(dbName);
      await seedPostgres(env.DATABASE_URL);
    }
    if (WITHOUT_0021) await dropIndexes(engine, env.DATABASE_URL || join(dir, 'lectern.sqlite'));
    console.error(`[bench] loans: ${engine} seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const server = await startServer(env, 120_000);
    try {
      const token = await signIn(server.url);
      const headers = { 'X-Token': token, 'Content-Type': 'application/json' };
      const yearAgo = day(NOW - 364 * DAY);
      const baseline = () =>
        fetch(`${server.url}/prod-api/apply/page`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            pageNum: 1,
            pageSize: 10,
            status: 'returned',
            createdFrom: yearAgo,
            createdTo: TODAY,
          }),
        });
      const report =
        (from: string, format = '') =>
        () =>
          fetch(`${server.url}/prod-api/loans/report?from=${from}&to=${TODAY}${format}`, { headers });
      const scenarios: [string, () => Promise<Response>][] = [
        ['report, last 30 days', report(day(NOW - 29 * DAY))],
        ['report, last 12 months', report(yearAgo)],
        ['report, 3 years (every loan)', report(day(NOW - 1095 * DAY))],
        ['CSV, last 12 months', report(yearAgo, '&format=csv')],
      ];
      const name = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      const [base = 1, ...medians] = await mediansOf([baseline, ...scenarios.map(([, send]) => send)]);
      const out = [
        `| ${name} | baseline: Applications page, returned, created in the last 12 months | ${base.toFixed(1)} | 1.0 |`,
        ...scenarios.map(
          ([label], i) =>
            `| ${name} | ${label} | ${(medians[i] ?? 0).toFixed(1)} | ${((medians[i] ?? 0) / base).toFixed(1)} |`,
        ),
      ];
      for (const line of out) console.error(`[bench] loans ${line}`);
      return out;
    } finally {
      await server.stop();
    }
  } finally {
    if (dbName) await dropDatabase(dbName);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchLoansReport(
  engines: Engine[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'],
): Promise<string> {
  const rowsOut: string[] = [];
  for (const e of engines) rowsOut.push(...(await benchEngine(e)));
  return [
    `GET /loans/report over ${LOANS.toLocaleString('en')} loans (${BOOKS.toLocaleString('en')} books, 8 categories, three years), loopback, one client; medians of ${RUNS}, taken in rounds${WITHOUT_0021 ? '; without the indexes of migration 0021' : ''}.`,
    '',
    '| engine | request | median ms | × baseline |',
    '|---|---|---:|---:|',
    ...rowsOut,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
  console.log(await benchLoansReport(only === 'sqlite' || only === 'postgres' ? [only] : undefined));
}
