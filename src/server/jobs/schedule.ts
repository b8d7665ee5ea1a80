import type { Kysely } from 'kysely';
import type { Logger } from '../context';
import type { Database } from '../db/schema';

export interface DailyJob {
  queue: string;
  /** The hour (UTC, 0–23) from which the day's run is due; a process started later runs it at once. */
  hourUtc: number;
}

/**
 * Daily jobs over the durable queue, on both engines: every minute each instance asks whether
 * today's run of a schedule is due, and moves the schedule's `last_day` on in one conditional
 * UPDATE. The instance whose update changed the row sends the job, so however many instances run,
 * a day's job is sent once; a day missed while every instance was down is run at the next start.
 * The job itself is an ordinary job of its queue (tries, back-off, durability).
 */
export class DailySchedules {
  private readonly jobs: DailyJob[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly services: { db: Kysely<Database>; log: Logger; now?: () => Date },
    private readonly tickMs = 60_000,
  ) {}

  add(job: DailyJob): void {
    this.jobs.push(job);
  }

  /** Records each schedule (a row per job), runs what is due, then looks again every minute. */
  start(send: (queue: string, data: object) => Promise<unknown>): Promise<void> {
    this.ticking = this.begin(send);
    return this.ticking;
  }

  private async begin(send: (queue: string, data: object) => Promise<unknown>): Promise<void> {
    if (this.jobs.length === 0) return;
    for (const job of this.jobs)
      await this.services.db
        .insertInto('job_schedule')
        .values({ name: job.queue, last_day: null, last_run_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    if (this.stopped) return;
    await this.tick(send);
    if (this.stopped) return;
    this.timer = setInterval(() => {
      this.ticking = this.tick(send);
    }, this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking.catch(() => undefined);
  }

  private async tick(send: (queue: string, data: object) => Promise<unknown>): Promise<void> {
    const now = this.services.now?.() ?? new Date();
    const day = now.toISOString().slice(0, 10);
    for (const job of this.jobs) {
      if (this.stopped || now.getUTCHours() < job.hourUtc) continue;
      try {
        const r = await this.services.db
          .updateTable('job_schedule')
          .set({ last_day: day, last_run_at: now.toISOString() })
          .where('name', '=', job.queue)
          .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '<', day)]))
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) continue;
        this.services.log.info(`[jobs] ${job.queue}: the run of ${day} is due; queued`);
        await send(job.queue, { day });
      } catch (err) {
        this.services.log.error(`[jobs] ${job.queue}: the daily schedule failed`, err);
      }
    }
  }
}
