import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from '../context';
import type { Database } from '../db/schema';
import { trySignal } from './try-signal';
import type { JobBackend, JobDefinition } from './types';

/** Table of migration 0012-video-processing. */
interface JobTable {
  id: string;
  queue: string;
  data: string;
  state: 'queued' | 'active' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  owner: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
type JobDb = Kysely<Database & { job: JobTable }>;

export interface TableQueueOptions {
  /** A claimed job is this process's for this long, renewed every third of it while it runs. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (a send in this process wakes it at once). */
  pollMs?: number;
}

/**
 * The durable queue on SQLite: jobs are rows, claimed with a lease that the running process renews
 * (a heartbeat). A process killed mid-job stops renewing, so once the lease has run out the job is
 * claimed again, by the restarted process or another one sharing the file; SQLite's single writer
 * makes each claim atomic. Retries wait `retryDelaySeconds`, doubling; after the last try the
 * definition's `giveUp` runs once.
 */
export class TableQueue implements JobBackend {
  private readonly db: JobDb;
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly abort = new AbortController();
  private readonly wakers = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  private loops: Promise<void>[] = [];

  constructor(
    db: Kysely<Database>,
    private readonly log: Logger,
    opts: TableQueueOptions = {},
  ) {
    this.db = db.withTables<{ job: JobTable }>();
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.pollMs = opts.pollMs ?? 1000;
  }

  async start(defs: JobDefinition<object>[]): Promise<void> {
    // Finished jobs are kept a week for whoever investigates, then go (as pg-boss's retention).
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    await this.db
      .deleteFrom('job')
      .where('state', 'in', ['done', 'failed'])
      .where('updated_at', '<', weekAgo)
      .execute();
    this.loops = defs.map((d) => this.loop(d));
  }

  async send(queue: string, data: object): Promise<string> {
    const id = randomUUID();
    const at = new Date().toISOString();
    await this.db
      .insertInto('job')
      .values({
        id,
        queue,
        data: JSON.stringify(data),
        state: 'queued',
        attempts: 0,
        max_attempts: 0,
        run_at: at,
        lease_until: null,
        owner: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    this.wakers.get(queue)?.();
    return id;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    for (const wake of this.wakers.values()) wake();
    await Promise.allSettled([...this.loops, ...this.running]);
  }

  private async loop(def: JobDefinition<object>): Promise<void> {
    const active = new Set<Promise<void>>();
    while (!this.abort.signal.aborted) {
      let claimed = false;
      if (active.size < def.concurrency) {
        try {
          const job = await this.claim(def);
          if (job) {
            claimed = true;
            const p = this.execute(def, job).finally(() => {
              active.delete(p);
              this.running.delete(p);
              this.wakers.get(def.queue)?.();
            });
            active.add(p);
            this.running.add(p);
          }
        } catch (err) {
          this.log.error(`[jobs] ${def.queue}: claiming a job failed`, err);
        }
      }
      if (!claimed) await this.idle(def.queue, active.size < def.concurrency ? this.pollMs : 60_000);
    }
  }

  private idle(queue: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakers.set(queue, done);
    });
  }

  /** The next due job of the queue (queued and due, or active with its lease run out), now ours. */
  private async claim(def: JobDefinition<object>): Promise<JobTable | null> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const due = await trx
        .selectFrom('job')
        .selectAll()
        .where('queue', '=', def.queue)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('state', '=', 'active'), eb('lease_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst();
      if (!due) return null;
      const lease = new Date(Date.now() + this.leaseMs).toISOString();
      const r = await trx
        .updateTable('job')
        .set({
          state: 'active',
          attempts: due.attempts + 1,
          max_attempts: def.attempts,
          lease_until: lease,
          owner: this.owner,
          updated_at: now,
        })
        .where('id', '=', due.id)
        .where('state', '=', due.state)
        .where('attempts', '=', due.attempts)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return null;
      if (due.state === 'active')
        this.log.info(
          `[jobs] ${def.queue} ${due.id}: its lease ran out (owner ${due.owner} stopped); running it again`,
        );
      return { ...due, attempts: due.attempts + 1, owner: this.owner, lease_until: lease };
    });
  }

  private async execute(def: JobDefinition<object>, job: JobTable): Promise<void> {
    const data = JSON.parse(job.data) as object;
    // A try beyond the allowed ones: the last one's process died. Nothing more is run.
    if (job.attempts > def.attempts) {
      await this.finish(job.id, 'failed', 'its last try did not finish (the process stopped)');
      await this.giveUp(def, data, job.id, 'the last try did not finish');
      return;
    }
    const heartbeat = setInterval(() => {
      this.db
        .updateTable('job')
        .set({ lease_until: new Date(Date.now() + this.leaseMs).toISOString() })
        .where('id', '=', job.id)
        .where('owner', '=', this.owner)
        .execute()
        .catch((err) => this.log.error(`[jobs] ${def.queue} ${job.id}: renewing its lease failed`, err));
    }, this.leaseMs / 3);
    // A try that runs past its timeout is stopped (its ffmpeg killed) and counts as failed.
    const tried = trySignal(this.abort.signal, def.timeoutSeconds * 1000);
    try {
      await def.run(data, {
        id: job.id,
        attempt: job.attempts,
        last: job.attempts >= def.attempts,
        signal: tried.signal,
      });
      await this.finish(job.id, 'done', null);
    } catch (err) {
      const why = tried.timedOut()
        ? `it ran past its ${def.timeoutSeconds} s timeout`
        : err instanceof Error
          ? err.message
          : String(err);
      if (this.abort.signal.aborted) {
        // Stopping: the job goes back as it was, this try not counted.
        await this.db
          .updateTable('job')
          .set({ state: 'queued', attempts: job.attempts - 1, owner: null, lease_until: null })
          .where('id', '=', job.id)
          .execute()
          .catch(() => undefined);
        return;
      }
      if (job.attempts < def.attempts) {
        const wait = def.retryDelaySeconds * 1000 * 2 ** (job.attempts - 1);
        this.log.error(`[jobs] ${def.queue} ${job.id}: try ${job.attempts} failed; again in ${wait / 1000} s`, err);
        await this.db
          .updateTable('job')
          .set({
            state: 'queued',
            run_at: new Date(Date.now() + wait).toISOString(),
            owner: null,
            lease_until: null,
            last_error: why.slice(0, 2000),
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', job.id)
          .execute();
      } else {
        this.log.error(`[jobs] ${def.queue} ${job.id}: try ${job.attempts}, the last, failed`, err);
        await this.finish(job.id, 'failed', why);
        await this.giveUp(def, data, job.id, why);
      }
    } finally {
      tried.end();
      clearInterval(heartbeat);
    }
  }

  private async finish(id: string, state: 'done' | 'failed', error: string | null) {
    await this.db
      .updateTable('job')
      .set({
        state,
        owner: null,
        lease_until: null,
        last_error: error?.slice(0, 2000) ?? null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  private async giveUp(def: JobDefinition<object>, data: object, id: string, why: string) {
    try {
      await def.giveUp(data, why);
    } catch (err) {
      this.log.error(`[jobs] ${def.queue} ${id}: giving up failed`, err);
    }
  }
}
