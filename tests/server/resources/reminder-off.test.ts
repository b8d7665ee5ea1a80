import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Reminder } from '../../../src/resources/reminder/schema';
import { DailySchedules } from '../../../src/server/jobs/schedule';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { mailConfig, reminders, runNow, seedLoans, until } from './reminder-helpers';

/**
 * Reminders when mail cannot go out: mail off (no LECTERN_SMTP_URL) fills the outbox all the same,
 * every row saying why nothing was sent; an SMTP server that is down is tried three times, then
 * the notice is failed with the network's error. And the daily schedule runs the job by itself,
 * once a day.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A loopback port with nothing listening: connections are refused. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('reminders without mail', () => {
  it('mail off: the outbox fills, rows say "not sent: mail is off", readers without address no_address', async () => {
    const s = await startTestServer({ config: { mail: mailConfig({ smtpUrl: undefined }) } });
    servers.push(s);
    const loans = await seedLoans(s, 'Off', { alice: 'alice@example.org' });
    expect((await runNow(s)).status).toBe(200);
    const rs = await until(
      () => reminders(s),
      (r) => r.length === 4,
    );
    const by = new Map(rs.map((r) => [r.applicationId, r]));
    for (const id of [loans.dueSoon, loans.overdue, loans.ready])
      expect(by.get(id)).toMatchObject({
        state: 'mail_off',
        email: 'alice@example.org',
        lastError: 'not sent: mail is off',
        attempts: 0,
        sentAt: null,
      });
    expect(by.get(loans.noAddress)).toMatchObject({ state: 'no_address', email: null });
    // What would have been sent is kept: the subject names the book.
    expect(by.get(loans.ready)?.subject).toBe('Ready for pickup: Off Ready');
  }, 60_000);

  it('SMTP server down: tried 3 times, backing off, then failed with the connection error', async () => {
    const port = await closedPort();
    const s = await startTestServer({
      config: { mail: mailConfig({ smtpUrl: `smtp://user:pass@127.0.0.1:${port}` }) },
    });
    servers.push(s);
    const loans = await seedLoans(s, 'Down', { alice: 'alice@example.org' });
    const started = Date.now();
    expect((await runNow(s)).status).toBe(200);
    const rs = await until(
      () => reminders(s),
      (r) => r.length === 4 && r.every((x) => x.state === 'failed' || x.state === 'no_address'),
      45_000,
    );
    const dueSoon = rs.find((r) => r.applicationId === loans.dueSoon) as Reminder;
    expect(dueSoon).toMatchObject({ state: 'failed', attempts: 3, sentAt: null });
    expect(dueSoon.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Two waits between three tries: 1 s, then 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  }, 60_000);

  it('the daily schedule sends the job once a day by itself, however often the runner starts', async () => {
    const s = await startTestServer({
      config: { mail: mailConfig({ smtpUrl: undefined, remindersHourUtc: 0 }) },
    });
    servers.push(s);
    const loans = await seedLoans(s, 'Daily', { alice: 'alice@example.org' });
    // The runner starts (as main.ts starts it): today's run is due from hour 0, so it is queued.
    await s.services.jobs.start();
    const rs = await until(
      () => reminders(s),
      (r) => r.length === 4,
    );
    expect(rs.map((r) => r.applicationId).sort((a, b) => a - b)).toEqual(
      [loans.dueSoon, loans.overdue, loans.ready, loans.noAddress].sort((a, b) => a - b),
    );
    const schedule = await s.db.selectFrom('job_schedule').selectAll().executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ name: 'reminder.daily', last_day: s.now().toISOString().slice(0, 10) });
    // Another instance on the same database starting the same day: it queues nothing.
    const other = new DailySchedules({ db: s.db, log: { info: () => undefined, error: () => undefined } });
    other.add({ queue: 'reminder.daily', hourUtc: 0 });
    const sent: string[] = [];
    await other.start(async (queue) => sent.push(queue));
    await other.stop();
    expect(sent).toEqual([]);
    // The next day, it does (once).
    const tomorrow = new DailySchedules({
      db: s.db,
      log: { info: () => undefined, error: () => undefined },
      now: () => new Date(s.now().getTime() + 86_400_000),
    });
    tomorrow.add({ queue: 'reminder.daily', hourUtc: 0 });
    await tomorrow.start(async (queue) => sent.push(queue));
    await tomorrow.stop();
    expect(sent).toEqual(['reminder.daily']);
  }, 60_000);
});
