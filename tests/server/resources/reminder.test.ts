import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reminder } from '../../../src/resources/reminder/schema';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createStaff, startTestServer, type TestServer } from '../helpers/test-server';
import { mailConfig, reminders, runNow, seedLoans, until } from './reminder-helpers';

/**
 * Reminders with a real SMTP server (smtp-server on a free port) and the real job queue (the job
 * table on SQLite, pg-boss on PostgreSQL): the outbox made from loans and holds, each message as
 * the SMTP server received it, a refused recipient tried three times then failed with its error,
 * a second run that adds nothing, and the list's filters, export and roles.
 */
let smtp: TestSmtp;
let s: TestServer;
let loans: Awaited<ReturnType<typeof seedLoans>>;

beforeAll(async () => {
  smtp = await startSmtp();
  smtp.rejecting.add('carol@refused.example.org');
  s = await startTestServer({ config: { mail: mailConfig({ smtpUrl: smtp.url }) } });
  loans = await seedLoans(s, 'Mail', { alice: 'alice@example.org', carol: 'carol@refused.example.org' });
}, 60_000);

afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const settled = (rs: Reminder[]) => rs.length === 5 && rs.every((r) => !['queued', 'sending'].includes(r.state));

describe('the daily reminders, mail on', () => {
  it('Run now makes one notice per loan or hold that calls for one, and sends them', async () => {
    const run = await runNow(s);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.jobId).toBeTruthy();
    const rs = await until(() => reminders(s), settled, 45_000);
    const by = new Map(rs.map((r) => [r.applicationId, r]));
    expect(by.get(loans.dueSoon)).toMatchObject({ kind: 'due_soon', state: 'sent', attempts: 1, lastError: null });
    expect(by.get(loans.overdue)).toMatchObject({ kind: 'overdue', state: 'sent' });
    expect(by.get(loans.ready)).toMatchObject({ kind: 'ready', state: 'sent' });
    expect(by.get(loans.noAddress)).toMatchObject({ kind: 'due_soon', state: 'no_address', email: null, attempts: 0 });
    // Returned, due in 10 days (beyond remind_days_before, 2) and an expired hold: nothing.
    for (const id of [loans.returned, loans.later, loans.expired]) expect(by.has(id)).toBe(false);
    expect(by.get(loans.dueSoon)?.sentAt).toMatch(/Z$/);
  }, 60_000);

  it('the SMTP server received each message: to, from, subject with the book, the date in the text', async () => {
    const toAlice = smtp.received.filter((m) => m.to.includes('alice@example.org'));
    expect(toAlice).toHaveLength(3);
    const subjects = toAlice.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Due soon: Mail Due Soon', 'Overdue: Mail Overdue', 'Ready for pickup: Mail Ready']);
    for (const m of toAlice) {
      expect(m.from).toBe('library@example.org');
      expect(m.raw).toMatch(/^From: Lectern Library <library@example\.org>/m);
      expect(m.raw).toMatch(/^To: alice@example\.org/m);
    }
    const due = (await reminders(s, { kind: 'overdue' }))[0] as Reminder;
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(due.about));
    const overdueMail = toAlice.find((m) => m.subject.startsWith('Overdue'));
    expect(overdueMail?.raw.replace(/=\r?\n/g, '')).toContain(`"Mail Overdue" was due back on ${date}`);
    // The reader without an address was not sent anything, nor was anyone else.
    expect(smtp.received.every((m) => m.to.join() === 'alice@example.org')).toBe(true);
  });

  it('a recipient the SMTP server refuses is tried 3 times, then failed with the refusal', async () => {
    const failed = (await reminders(s, { state: 'failed' })).find((r) => r.applicationId === loans.rejected);
    expect(failed).toMatchObject({ kind: 'due_soon', email: 'carol@refused.example.org', attempts: 3, sentAt: null });
    expect(failed?.lastError).toMatch(/550/);
    expect(failed?.lastError).toMatch(/Recipient address rejected/);
    expect(smtp.rcptTries.get('carol@refused.example.org')).toBe(3);
  });

  it('running again the same day adds no notice and sends nothing twice', async () => {
    const before = smtp.received.length;
    const ids = (await reminders(s)).map((r) => r.id).sort();
    expect((await runNow(s)).status).toBe(200);
    expect((await runNow(s)).status).toBe(200);
    // Each run is picked up within a second (a send wakes the worker); give both time to finish.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await reminders(s)).map((r) => r.id).sort()).toEqual(ids);
    expect(smtp.received.length).toBe(before);
  }, 30_000);

  it('filters by kind and state, finds by keyword, exports CSV; operators read, only admins run', async () => {
    expect((await reminders(s, { kind: 'ready' })).map((r) => r.applicationId)).toEqual([loans.ready]);
    expect((await reminders(s, { state: 'no_address' })).map((r) => r.applicationId)).toEqual([loans.noAddress]);
    expect((await reminders(s, { state: 'sent', kind: 'due_soon' })).map((r) => r.applicationId)).toEqual([
      loans.dueSoon,
    ]);
    expect((await reminders(s, { keyword: 'Carol' })).map((r) => r.applicationId)).toEqual([loans.rejected]);
    const bad = await s.call('POST', '/reminder/page', { token: s.adminToken, body: { kind: 'lost' } });
    expect(bad.status).toBe(400);

    const csv = await fetch(`${s.url}/prod-api/reminder/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
      body: JSON.stringify({ state: 'failed' }),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,createdAt,kind,state,readerName,email,bookTitle,about,subject,attempts,lastError/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('carol@refused.example.org');

    await createStaff(s, { userName: 'remind-op', phone: '13911110001', roles: ['operator'] });
    const op = (await s.login('remind-op', 'Operator-pass-1')).body.data.token;
    const seen = await s.call('POST', '/reminder/page', { token: op, body: { pageNum: 1, pageSize: 10 } });
    expect(seen.status).toBe(200);
    const refused = await runNow(s, op);
    expect(refused.status).toBe(403);
    // Read only: no create, update or delete.
    expect((await s.call('POST', '/reminder', { token: s.adminToken, body: {} })).status).toBeGreaterThanOrEqual(400);
    const one = (await reminders(s))[0] as Reminder;
    expect((await s.call('DELETE', `/reminder/${one.id}`, { token: s.adminToken })).status).toBeGreaterThanOrEqual(400);
  });
});
