/**
 * The event loop during long legitimate work: a 10,000-row CSV import (committed), a batch edit
 * of 2,000 books, a bulk delete of 2,000 books and an export of the 8,000 left, each on a real
 * server while /healthz is polled every 50 ms. Reports, per operation, the median over the runs
 * of how long it took, the slowest /healthz answer and the server's longest event-loop pause
 * (`lectern_eventloop_delay_max_seconds` from /metrics, scraped right before and right after).
 *
 * `npx tsx bench/event-loop.ts [runs]` (default 3). LECTERN_BENCH_BASELINE=<folder of another
 * checkout> runs the same against that tree too (e.g. `git worktree add /tmp/baseline HEAD~6`), one
 * run of each in turn so both see the same machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const PASSWORD = 'Bench-admin-pass-1';
const ROWS = 10_000;
const SLICE = 2_000;
const POLL_MS = 50;

interface Server {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** `src/server/main.ts` of the tree at `root` on a fresh data folder. */
async function start(root: string): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-loop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LECTERN_DATA: dataDir,
      LECTERN_DIST: join(dataDir, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      DATABASE_URL: undefined,
      LECTERN_SEED: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no server within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Lectern listening on (http:\/\/\S+?)\/?\s/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { url, child, dataDir };
}

async function stop(s: Server): Promise<void> {
  if (s.child.exitCode === null) {
    await new Promise((done) => {
      s.child.once('exit', done);
      s.child.kill('SIGINT');
    });
  }
  await rm(s.dataDir, { recursive: true, force: true });
}

async function api<T>(s: Server, path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${s.url}/prod-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/** The longest pause since the previous scrape, in ms; null when the server has no such gauge. */
async function loopPause(s: Server): Promise<number | null> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const m = /^lectern_eventloop_delay_max_seconds ([\d.e+-]+)$/m.exec(text);
  return m?.[1] ? Number(m[1]) * 1000 : null;
}

interface Figures {
  ms: number;
  healthzMaxMs: number;
  pauseMs: number | null;
}

/**
 * One GET on a connection of its own, read to the end. A pooled connection can be one the server
 * closes as idle right after a long pause, which would fail the probe for a reason of its own.
 */
const probe = (url: string) =>
  new Promise<void>((done, fail) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', done);
      res.on('error', fail);
    }).on('error', fail);
  });

/** Runs `work` while /healthz is polled every 50 ms; the event-loop gauge is read around it. */
async function measure(s: Server, work: () => Promise<unknown>): Promise<Figures> {
  await loopPause(s);
  let stop = false;
  let healthzMaxMs = 0;
  const poll = (async () => {
    while (!stop) {
      const t = performance.now();
      await probe(`${s.url}/healthz`);
      const took = performance.now() - t;
      healthzMaxMs = Math.max(healthzMaxMs, took);
      if (took < POLL_MS) await new Promise((r) => setTimeout(r, POLL_MS - took));
    }
  })();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  stop = true;
  await poll;
  return { ms, healthzMaxMs, pauseMs: await loopPause(s) };
}

const OPERATIONS = ['import 10,000 rows', 'batch edit 2,000', 'bulk delete 2,000', 'export 8,000'] as const;
type Operation = (typeof OPERATIONS)[number];

/** One run on a fresh server of the tree at `root`: every operation once. */
async function runOnce(root: string): Promise<Record<Operation, Figures>> {
  const s = await start(root);
  try {
    const login = await fetch(`${s.url}/prod-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const shelf = async (name: string) => (await api<{ id: number }>(s, '/category', token, { name, sort: 0 })).id;
    const [batchShelf, purgeShelf, restShelf] = [await shelf('Batch'), await shelf('Purge'), await shelf('Rest')];
    const shelfOf = (i: number) => (i < SLICE ? batchShelf : i < 2 * SLICE ? purgeShelf : restShelf);
    const csv = `title,author,categoryId,stock,status\n${Array.from(
      { length: ROWS },
      (_, i) => `Bench book ${i},Bench author,${shelfOf(i)},1,on_shelf`,
    ).join('\n')}\n`;
    const out = {} as Record<Operation, Figures>;

    out['import 10,000 rows'] = await measure(s, async () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'books.csv');
      const res = await fetch(`${s.url}/prod-api/book/import`, {
        method: 'POST',
        body: form,
        headers: { 'x-token': token },
      });
      const body = (await res.json()) as { data: { created?: number } };
      if (body.data.created !== ROWS) throw new Error(`import: ${JSON.stringify(body).slice(0, 300)}`);
    });
    out['batch edit 2,000'] = await measure(s, async () => {
      const r = await api<{ changed: number }>(s, '/book/batch', token, {
        filter: { categoryId: batchShelf },
        expected: SLICE,
        set: { status: 'off_shelf' },
      });
      if (r.changed !== SLICE) throw new Error(`batch: ${JSON.stringify(r)}`);
    });
    out['bulk delete 2,000'] = await measure(s, async () => {
      const r = await api<{ deleted: number }>(s, '/book/bulk-delete', token, {
        filter: { categoryId: purgeShelf },
        expected: SLICE,
      });
      if (r.deleted !== SLICE) throw new Error(`bulk delete: ${JSON.stringify(r)}`);
    });
    out['export 8,000'] = await measure(s, async () => {
      const res = await fetch(`${s.url}/prod-api/book/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: '{}',
      });
      const lines = (await res.text()).trim().split('\n').length;
      if (lines !== ROWS - SLICE + 1) throw new Error(`export: ${lines} lines`);
    });
    return out;
  } finally {
    await stop(s);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

function table(title: string, runs: Record<Operation, Figures>[]): string {
  const fmt = (xs: (number | null)[]) => (xs.some((x) => x === null) ? 'n/a' : `${Math.round(median(xs as number[]))}`);
  const rows = OPERATIONS.map((op) => {
    const of = (k: keyof Figures) => runs.map((r) => r[op][k]);
    const all = (k: keyof Figures) =>
      of(k)
        .map((x) => (x === null ? '–' : Math.round(x)))
        .join(' / ');
    return `| ${op} | ${fmt(of('ms'))} | ${fmt(of('healthzMaxMs'))} (${all('healthzMaxMs')}) | ${fmt(of('pauseMs'))} (${all('pauseMs')}) |`;
  });
  return [
    `**${title}** (median of ${runs.length} runs; each run in brackets)`,
    '',
    '| operation | took (ms) | slowest /healthz (ms) | longest event-loop pause (ms) |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** `npm run bench` section: this tree, and the baseline tree when LECTERN_BENCH_BASELINE names one. */
export async function benchEventLoop(runs = Number(process.env.LECTERN_BENCH_LOOP_RUNS ?? 3)): Promise<string> {
  const here = process.cwd();
  const baseline = process.env.LECTERN_BENCH_BASELINE ? resolve(process.env.LECTERN_BENCH_BASELINE) : undefined;
  const mine: Record<Operation, Figures>[] = [];
  const before: Record<Operation, Figures>[] = [];
  for (let i = 0; i < runs; i++) {
    console.error(`[event-loop] run ${i + 1}/${runs}`);
    if (baseline) before.push(await runOnce(baseline));
    mine.push(await runOnce(here));
  }
  const parts = [
    '## Event loop during long work',
    '',
    `/healthz polled every ${POLL_MS} ms on SQLite; the pause is the server's own \`lectern_eventloop_delay_max_seconds\`.`,
    '',
    table('This build', mine),
  ];
  if (baseline) parts.push('', table(`Baseline (${baseline})`, before));
  return parts.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchEventLoop(Number(process.argv[2] ?? process.env.LECTERN_BENCH_LOOP_RUNS ?? 3)));
}
