import type { ServiceBase } from '../context';
import { poolOf } from '../db/postgres';
import { defaultJobsConfig, type JobsConfig } from './config';
import { PgBossQueue } from './pg-boss-queue';
import { TableQueue } from './table-queue';
import type { JobBackend, JobDefinition } from './types';

export type { JobDefinition, JobRun } from './types';

/**
 * Durable background jobs, one runner per app (docs/videos.md, "Processing"). Resources define
 * their queues (`define`) and send jobs; the runner starts when `start` is called (main.ts, so a
 * restarted process picks up what was in flight) or at the first `send`. SQLite: the `job` table
 * (table-queue.ts); PostgreSQL: pg-boss (pg-boss-queue.ts). Knows nothing of what a job does.
 */
export class Jobs {
  private readonly defs = new Map<string, JobDefinition<object>>();
  private backend: JobBackend | null = null;
  private starting: Promise<JobBackend> | null = null;
  private stopped = false;

  constructor(
    private readonly services: Pick<ServiceBase, 'db' | 'dialect' | 'log'>,
    private readonly config: JobsConfig = defaultJobsConfig,
  ) {}

  define<T extends object>(def: JobDefinition<T>): void {
    if (this.backend || this.starting) throw new Error(`jobs: ${def.queue} defined after the runner started`);
    this.defs.set(def.queue, def as unknown as JobDefinition<object>);
  }

  /**
   * Starts the workers of every defined queue (once). Several instances starting together on a
   * new database race to create pg-boss's schema, and the loser's start fails: it is tried again
   * (five times, waiting longer each time) rather than leaving this instance unable to queue any
   * job until it restarts, and a start that still fails is forgotten, so the next call tries anew.
   */
  start(): Promise<JobBackend> {
    if (this.stopped) return Promise.reject(new Error('jobs: the runner has stopped'));
    this.starting ??= this.startWithRetries().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async startWithRetries(): Promise<JobBackend> {
    for (let attempt = 1; ; attempt++) {
      const { leaseSeconds, maintenanceSeconds } = this.config;
      const pool = this.services.dialect === 'postgres' ? poolOf(this.services.db) : undefined;
      const backend: JobBackend = pool
        ? new PgBossQueue(pool, this.services.log, maintenanceSeconds, leaseSeconds)
        : new TableQueue(this.services.db, this.services.log, { leaseMs: leaseSeconds * 1000 });
      try {
        await backend.start([...this.defs.values()]);
        this.backend = backend;
        return backend;
      } catch (err) {
        await backend.stop().catch(() => undefined);
        if (attempt >= 5 || this.stopped) throw err;
        this.services.log.error(`[jobs] the runner did not start (try ${attempt} of 5); trying again:`, err);
        await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
      }
    }
  }

  async send<T extends object>(queue: string, data: T): Promise<string> {
    if (!this.defs.has(queue)) throw new Error(`jobs: no queue ${queue}`);
    return (await this.start()).send(queue, data);
  }

  /** Shutdown: running tries are asked to stop (and run again later); the workers end. */
  async stop(): Promise<void> {
    this.stopped = true;
    const backend = await this.starting?.catch(() => null);
    await backend?.stop();
  }
}
