/**
 * `tsx bench/books.ts` (or `npm run bench books`): POST /book/page latency over a large catalogue
 * (bench/seed-large.ts), against real server processes on loopback: SQLite and PostgreSQL, one
 * and two server instances (requests alternate between them, as a load balancer would), 1 and 20
 * clients. PostgreSQL runs on DATABASE_URL when set (a fresh database is created there and dropped
 * after); otherwise on a throwaway cluster started by tests/server/pg/run.sh.
 * `--engine=sqlite|postgres` runs one engine only.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../tests/server/helpers/database';
import { LARGE, seedLarge, seedLargePostgres } from './seed-large';
import { type RunningServer, startServer } from './server';

type Engine = 'sqlite' | 'postgres';

const PASSWORD = 'Bench-admin-pass-1';
const WARMUP = 20;
/** Requests per scenario and client count: bounded, so each engine takes a few minutes at most. */
const REQUESTS = { 1: 200, 20: 600 } as const;

const SCENARIOS: [name: string, body: Record<string, unknown>][] = [
  ['first page', { pageNum: 1, pageSize: 10 }],
  ['deep page (4000)', { pageNum: 4000, pageSize: 10 }],
  ['keyword "harbour"', { pageNum: 1, pageSize: 10, keyword: 'harbour' }],
  ['sorted + filtered', { pageNum: 3, pageSize: 10, categoryId: 3, status: 'on_shelf', sort: 'title', order: 'asc' }],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `clients` loops sending requests; each request goes to the next server in turn. */
async function measure(urls: string[], token: string, body: Record<string, unknown>, clients: 1 | 20) {
  const payload = JSON.stringify(body);
  let turn = 0;
  const once = async () => {
    const url = urls[turn++ % urls.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${url}/prod-api/book/page`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': token },
      body: payload,
    });
    const json = (await res.json()) as { code: number };
    if (json.code !== 20000) throw new Error(`bench request failed: ${JSON.stringify(json)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let left = REQUESTS[clients];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) times.push(await once());
    }),
  );
  const wall = performance.now() - start;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), rps: (times.length / wall) * 1000 };
}

/** Seeds the engine, then measures with one and with two instances. Returns table rows. */
async function benchEngine(engine: Engine): Promise<{ rows: string[]; seedMs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-bench-'));
  let dbName: string | undefined;
  try {
    const t0 = performance.now();
    const env: Record<string, string> = {
      LECTERN_DATA: dir,
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      LECTERN_DIST: join(dir, 'no-dist'),
      // Empty = unset (config.ts): the SQLite run must not inherit the PostgreSQL URL.
      DATABASE_URL: '',
    };
    if (engine === 'sqlite') {
      await seedLarge(join(dir, 'lectern.sqlite'));
    } else {
      dbName = uniqueDatabaseName('lectern_bench');
      env.DATABASE_URL = await createDatabase(dbName);
      await seedLargePostgres(env.DATABASE_URL);
    }
    const seedMs = performance.now() - t0;
    const rows: string[] = [];
    for (const instances of [1, 2]) {
      const servers: RunningServer[] = [];
      try {
        for (let i = 0; i < instances; i++) servers.push(await startServer(env));
        const login = await fetch(`${servers[0]?.url}/prod-api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
        });
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const urls = servers.map((s) => s.url);
        for (const [name, body] of SCENARIOS) {
          for (const clients of [1, 20] as const) {
            const r = await measure(urls, token, body, clients);
            rows.push(
              `| ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${instances} | ${name} | ${clients} | ` +
                `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${Math.round(r.rps)} |`,
            );
            console.error(`[bench] books ${rows.at(-1)}`);
          }
        }
      } finally {
        for (const s of servers) await s.stop();
      }
    }
    return { rows, seedMs };
  } finally {
    if (dbName) await dropDatabase(dbName);
    await rm(dir, { recursive: true, force: true });
  }
}

/** No DATABASE_URL: the PostgreSQL half runs in a child under tests/server/pg/run.sh's cluster. */
async function benchPostgresInThrowawayCluster(): Promise<{ rows: string[]; seedMs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-bench-out-'));
  const out = join(dir, 'result.json');
  try {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        'bash',
        ['tests/server/pg/run.sh', process.execPath, '--import', 'tsx', 'bench/books.ts', '--engine=postgres'],
        { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BENCH_BOOKS_OUT: out } },
      );
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`PostgreSQL bench failed (exit ${code})`);
    return JSON.parse(await readFile(out, 'utf8')) as { rows: string[]; seedMs: number };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchBooks(engines: Engine[] = ['sqlite', 'postgres']): Promise<string> {
  const results: [Engine, { rows: string[]; seedMs: number }][] = [];
  for (const engine of engines) {
    const usesChild = engine === 'postgres' && !process.env.DATABASE_URL;
    results.push([engine, usesChild ? await benchPostgresInThrowawayCluster() : await benchEngine(engine)]);
  }
  const seeded = results.map(([e, r]) => `${e} ${(r.seedMs / 1000).toFixed(1)} s`).join(', ');
  return [
    `POST /book/page, ${LARGE.books.toLocaleString('en')} books, ${LARGE.readers.toLocaleString('en')} readers, ` +
      `${LARGE.applications.toLocaleString('en')} applications (seeded: ${seeded}); loopback; with two instances ` +
      'the requests alternate between them.',
    '',
    '| engine | instances | query | clients | p50 ms | p95 ms | req/s |',
    '|---|---:|---|---:|---:|---:|---:|',
    ...results.flatMap(([, r]) => r.rows),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
  const engines: Engine[] = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
  if (process.env.BENCH_BOOKS_OUT && engines.length === 1) {
    // Child of benchPostgresInThrowawayCluster: hand the rows back as JSON.
    const { writeFile } = await import('node:fs/promises');
    await writeFile(process.env.BENCH_BOOKS_OUT, JSON.stringify(await benchEngine(engines[0] as Engine)));
  } else {
    console.log(await benchBooks(engines));
  }
}
