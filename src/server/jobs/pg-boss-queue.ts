import type { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../context';
import type { JobBackend, JobDefinition } from './types';

/**
 * The durable queue on PostgreSQL: pg-boss (its own schema `pgboss`, over the app's pool). A job
 * is fetched with `FOR UPDATE SKIP LOCKED`, so with several instances each job runs once; retries
 * wait with exponential back-off; a try still active after `timeoutSeconds` (its instance died) is
 * expired by pg-boss's maintenance and tried again; a job out of tries goes to the queue's dead
 * letter queue, whose worker calls `giveUp`.
 */
export class PgBossQueue implements JobBackend {
  private readonly boss: PgBoss;
  private readonly abort = new AbortController();
  private started = false;

  constructor(
    pool: Pool,
    private readonly log: Logger,
    maintenanceSeconds: number,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: 'pgboss',
      supervise: true,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds: maintenanceSeconds,
    });
    this.boss.on('error', (err) => this.log.error('[jobs] pg-boss:', err));
  }

  async start(defs: JobDefinition<object>[]): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const def of defs) {
      const dead = `${def.queue}.dead`;
      await this.boss.createQueue(dead, { name: dead });
      await this.boss.createQueue(def.queue, {
        name: def.queue,
        retryLimit: def.attempts - 1,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: def.timeoutSeconds,
        deadLetter: dead,
      });
      for (let i = 0; i < def.concurrency; i++)
        await this.boss.work<object>(
          def.queue,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            await def.run(job.data, {
              id: job.id,
              attempt: job.retryCount + 1,
              last: job.retryCount >= job.retryLimit,
              // Stopped at its timeout, when pg-boss expires it and another try may start.
              signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(def.timeoutSeconds * 1000)]),
            });
          },
        );
      await this.boss.work<object>(dead, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
        if (job) await def.giveUp(job.data, 'every try failed or did not finish');
      });
    }
  }

  async send(queue: string, data: object): Promise<string> {
    const id = await this.boss.send(queue, data);
    if (!id) throw new Error(`pg-boss did not queue a ${queue} job`);
    return id;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
  }
}
