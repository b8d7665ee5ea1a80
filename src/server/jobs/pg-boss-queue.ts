import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../context';
import { trySignal } from './try-signal';
import type { JobBackend, JobDefinition } from './types';

/**
 * The durable queue on PostgreSQL: pg-boss (its own schema `pgboss`, over the app's pool). A job
 * is fetched with `FOR UPDATE SKIP LOCKED`, so with several instances each job runs once; retries
 * wait with exponential back-off; a try still active after `timeoutSeconds` is expired by pg-boss's
 * maintenance and tried again; a job out of tries goes to the queue's dead letter queue, whose
 * worker calls `giveUp`.
 *
 * pg-boss 10 has no heartbeat, so a try whose instance died (kill -9, a lost host) would hold its
 * job until that timeout (hours for a long transcode). Each running try therefore holds a lease
 * (`pgboss.lectern_lease`) that its instance renews; every instance sweeps leases not renewed for
 * `leaseSeconds` and fails their tries, which pg-boss then retries (or gives up) as for any failure.
 */
export class PgBossQueue implements JobBackend {
  private readonly boss: PgBoss;
  private readonly abort = new AbortController();
  private started = false;
  /** This instance, as the owner of the leases of the tries it runs. */
  private readonly owner = randomUUID();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly log: Logger,
    maintenanceSeconds: number,
    private readonly leaseSeconds: number,
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
    await this.pool.query(
      `create table if not exists pgboss.lectern_lease
         (job_id uuid primary key, queue text not null, owner text not null, beat_at timestamptz not null)`,
    );
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
            const release = await this.hold(job.id, def.queue);
            // Stopped at its timeout, when pg-boss expires it and another try may start.
            const tried = trySignal(this.abort.signal, def.timeoutSeconds * 1000);
            try {
              await def.run(job.data, {
                id: job.id,
                attempt: job.retryCount + 1,
                last: job.retryCount >= job.retryLimit,
                signal: tried.signal,
              });
            } finally {
              tried.end();
              await release();
            }
          },
        );
      await this.boss.work<object>(dead, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
        if (job) await def.giveUp(job.data, 'every try failed or did not finish');
      });
    }
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.leaseSeconds * 1000);
    this.sweeper.unref();
  }

  /** Takes the lease of a try and renews it while the try runs; the returned function ends it. */
  private async hold(jobId: string, queue: string): Promise<() => Promise<void>> {
    const renew = () =>
      this.pool.query(
        `insert into pgboss.lectern_lease (job_id, queue, owner, beat_at) values ($1, $2, $3, now())
         on conflict (job_id) do update set owner = excluded.owner, beat_at = now()`,
        [jobId, queue, this.owner],
      );
    await renew();
    const timer = setInterval(
      () => void renew().catch((err) => this.log.error('[jobs] lease not renewed:', err)),
      (this.leaseSeconds * 1000) / 3,
    );
    return async () => {
      clearInterval(timer);
      await this.pool
        .query('delete from pgboss.lectern_lease where job_id = $1 and owner = $2', [jobId, this.owner])
        .catch((err) => this.log.error('[jobs] lease not ended:', err));
    };
  }

  /** Fails the tries whose instance stopped renewing their lease: pg-boss retries them. */
  private async sweep(): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ job_id: string; queue: string }>(
        `delete from pgboss.lectern_lease where beat_at < now() - make_interval(secs => $1) returning job_id, queue`,
        [this.leaseSeconds],
      );
      for (const r of rows) {
        this.log.info(`[jobs] ${r.queue} job ${r.job_id}: its instance stopped; tried again`);
        await this.boss.fail(r.queue, r.job_id, { message: 'its instance stopped' });
      }
    } catch (err) {
      if (!this.abort.signal.aborted) this.log.error('[jobs] lease sweep failed:', err);
    }
  }

  async send(queue: string, data: object): Promise<string> {
    const id = await this.boss.send(queue, data);
    if (!id) throw new Error(`pg-boss did not queue a ${queue} job`);
    return id;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearInterval(this.sweeper);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
  }
}
