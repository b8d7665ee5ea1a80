import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceBase } from '../../../src/server/context';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { poolOf } from '../../../src/server/db/postgres';
import { Jobs } from '../../../src/server/jobs';
import { PgBossQueue } from '../../../src/server/jobs/pg-boss-queue';
import { TableQueue } from '../../../src/server/jobs/table-queue';
import type { JobBackend, JobDefinition } from '../../../src/server/jobs/types';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/**
 * The queue under video processing (src/server/jobs/), on the test engine: the `job` table on
 * SQLite, pg-boss on PostgreSQL. Tries are bounded, retried with back-off, timed out, and given up
 * exactly once.
 */
const t = testDatabaseForFile('lectern-queue-');
const logs: string[] = [];
const log = { info: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
let backend: JobBackend | undefined;

beforeAll(async () => {
  await migrateToLatest(t.opened.db, t.opened.dialect);
});
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
});

function start(def: JobDefinition<{ n: number }>) {
  const pool = poolOf(t.opened.db);
  backend = pool ? new PgBossQueue(pool, log, 1, 3) : new TableQueue(t.opened.db, log, { leaseMs: 3000, pollMs: 100 });
  return backend.start([def as unknown as JobDefinition<object>]).then(() => backend as JobBackend);
}

const waitFor = async (ok: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out; log: ${logs.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the job queue', () => {
  it('retries a failing job with growing waits, then succeeds without giving up', async () => {
    const tries: number[] = [];
    const gaveUp: string[] = [];
    const q = await start({
      queue: 'test.flaky',
      attempts: 3,
      retryDelaySeconds: 1,
      timeoutSeconds: 60,
      concurrency: 1,
      run: async (_data, job) => {
        tries.push(Date.now());
        expect(job.last).toBe(job.attempt === 3);
        if (job.attempt < 3) throw new Error(`try ${job.attempt} fails`);
      },
      giveUp: async (_d, why) => {
        gaveUp.push(why);
      },
    });
    await q.send('test.flaky', { n: 1 });
    await waitFor(() => tries.length === 3);
    await new Promise((r) => setTimeout(r, 1500));
    expect(tries).toHaveLength(3);
    expect(gaveUp).toEqual([]);
    const [a = 0, b = 0, c = 0] = tries;
    // 1 s, then 2 s (pg-boss's back-off adds jitter and polling; the second wait is the longer).
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThan(b - a - 500);
  }, 60_000);

  it('gives up once after the last try, and stops a try past its timeout', async () => {
    let tries = 0;
    let aborted = 0;
    const gaveUp: number[] = [];
    const q = await start({
      queue: 'test.slow',
      attempts: 2,
      retryDelaySeconds: 1,
      timeoutSeconds: 1,
      concurrency: 1,
      run: (_data, job) =>
        new Promise((_resolve, reject) => {
          tries++;
          job.signal.addEventListener('abort', () => {
            aborted++;
            reject(new Error('stopped'));
          });
        }),
      giveUp: async (data) => {
        gaveUp.push(data.n);
      },
    });
    await q.send('test.slow', { n: 7 });
    await waitFor(() => gaveUp.length === 1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(tries).toBe(2);
    expect(aborted).toBe(2);
    expect(gaveUp).toEqual([7]);
  }, 60_000);

  // Instances starting together on a new database race to create pg-boss's schema; the loser's
  // start fails. Made certain here: a type pg-boss creates is already there, so every start fails
  // until it is removed, as the winner's finished schema would let the loser's next try through.
  it.skipIf(TEST_ENGINE !== 'postgres')(
    'a runner whose start fails is started again, then queues and runs jobs',
    async () => {
      const db = t.opened.db;
      await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(db);
      await sql`CREATE SCHEMA pgboss`.execute(db);
      await sql`CREATE TYPE pgboss.job_state AS ENUM ('in the way')`.execute(db);
      const errors: string[] = [];
      const jobs = new Jobs({
        db,
        dialect: t.opened.dialect,
        log: { info: () => {}, error: (m: string) => errors.push(m) },
      } as unknown as ServiceBase);
      const ran: number[] = [];
      jobs.define<{ n: number }>({
        queue: 'test.after-a-failed-start',
        attempts: 1,
        retryDelaySeconds: 1,
        timeoutSeconds: 60,
        concurrency: 1,
        run: async (data) => {
          ran.push(data.n);
        },
        giveUp: async () => {},
      });
      try {
        const started = jobs.start();
        await waitFor(() => errors.some((e) => e.includes('try 1 of 5')));
        await sql`DROP SCHEMA pgboss CASCADE`.execute(db);
        await started;
        await jobs.send('test.after-a-failed-start', { n: 5 });
        await waitFor(() => ran.length === 1);
        expect(ran).toEqual([5]);
      } finally {
        await jobs.stop();
      }
    },
    60_000,
  );
});
