import type { ServiceBase } from '../context';
import { poolOf } from '../db/postgres';
import { defaultJobsConfig, type JobsConfig } from './config';
import { PgBossQueue } from './pg-boss-queue';
import { type DailyJob, DailySchedules } from './schedule';
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
  private readonly schedules: DailySchedules;

  constructor(
    private readonly services: Pick<ServiceBase, 'db' | 'dialect' | 'log'> & Partial<Pick<ServiceBase, 'now'>>,
    private readonly config: JobsConfig = defaultJobsConfig,
  ) {
    this.schedules = new DailySchedules(services);
  }

  /** A defined queue that is also sent a job once a day (schedule.ts). */
  daily(job: DailyJob): void {
    if (!this.defs.has(job.queue)) throw new Error(`jobs: no queue ${job.queue}`);
    this.schedules.add(job);
  }

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
        // Not awaited: the first `send` waits for this start; a schedule's failure is logged.
        void this.schedules
          .start((queue, data) => backend.send(queue, data))
          .catch((err: unknown) => {
            this.services.log.error('[jobs] the daily schedules did not start:', err);
          });
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
    await this.schedules.stop();
    const backend = await this.starting?.catch(() => null);
    await backend?.stop();
  }
}
