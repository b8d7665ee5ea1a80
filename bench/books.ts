/**
 * `tsx bench/books.ts` (or `npm run bench books`): POST /book/page latency over a large catalogue
 * (bench/seed-large.ts), against the real server process on loopback, at 1 and 20 clients.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LARGE, seedLarge } from './seed-large';
import { startServer } from './server';

const PASSWORD = 'Bench-admin-pass-1';
const WARMUP = 20;
/** Requests per scenario and client count: bounded, so the run takes well under a minute. */
const REQUESTS = { 1: 200, 20: 600 } as const;

const SCENARIOS: [name: string, body: Record<string, unknown>][] = [
  ['first page', { pageNum: 1, pageSize: 10 }],
  ['deep page (4000)', { pageNum: 4000, pageSize: 10 }],
  ['keyword "harbour"', { pageNum: 1, pageSize: 10, keyword: 'harbour' }],
  ['sorted + filtered', { pageNum: 3, pageSize: 10, categoryId: 3, status: 'on_shelf', sort: 'title', order: 'asc' }],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(url: string, token: string, body: Record<string, unknown>, clients: 1 | 20) {
  const payload = JSON.stringify(body);
  const once = async () => {
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

export async function benchBooks(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-bench-'));
  const t0 = performance.now();
  await seedLarge(join(dir, 'lectern.sqlite'));
  const seedMs = performance.now() - t0;
  const server = await startServer({
    LECTERN_DATA: dir,
    LECTERN_ADMIN_PASSWORD: PASSWORD,
    LECTERN_DIST: join(dir, 'no-dist'),
  });
  try {
    const login = await fetch(`${server.url}/prod-api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const lines = [
      `POST /book/page, ${LARGE.books.toLocaleString('en')} books, ${LARGE.readers.toLocaleString('en')} readers, ` +
        `${LARGE.applications.toLocaleString('en')} applications (seeded in ${(seedMs / 1000).toFixed(1)} s); SQLite, loopback.`,
      '',
      '| query | clients | p50 ms | p95 ms | req/s |',
      '|---|---:|---:|---:|---:|',
    ];
    for (const [name, body] of SCENARIOS) {
      for (const clients of [1, 20] as const) {
        const r = await measure(server.url, token, body, clients);
        lines.push(`| ${name} | ${clients} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${Math.round(r.rps)} |`);
      }
    }
    return lines.join('\n');
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchBooks());
}
