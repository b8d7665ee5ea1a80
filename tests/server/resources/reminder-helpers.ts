import type { Page } from '../../../src/contract/common';
import type { Reminder } from '../../../src/resources/reminder/schema';
import type { MailConfig } from '../../../src/server/mail/config';
import { create } from '../helpers/crud';
import { createBook, createCategory, type TestServer } from '../helpers/test-server';

const DAY = 86_400_000;

export const mailConfig = (over: Partial<MailConfig> = {}): MailConfig => ({
  smtpUrl: undefined,
  from: 'Lectern Library <library@example.org>',
  language: 'en',
  attempts: 3,
  retrySeconds: 1,
  // Never by the clock: the tests start the runs.
  remindersHourUtc: 24,
  ...over,
});

/** An ISO instant `days` from the server's now (negative: before). */
export const inDays = (s: TestServer, days: number) => new Date(s.now().getTime() + days * DAY).toISOString();

/**
 * Loans and holds written as the desk writes them (migration 0016-loans' columns), straight into
 * the application table: the desk's transitions are not what is tested here.
 */
export async function seedLoans(s: TestServer, label: string, emails: { alice: string; carol?: string }) {
  const category = await createCategory(s, `${label} shelf`);
  const reader = async (nickName: string, phone: string, email?: string) =>
    (await create(s, 'users', { nickName, phone, status: 'active', ...(email ? { email } : {}) })).id;
  const alice = await reader(`${label} Alice`, `1370000${label.length}001`, emails.alice);
  const bob = await reader(`${label} Bob`, `1370000${label.length}002`);
  const carol = emails.carol ? await reader(`${label} Carol`, `1370000${label.length}003`, emails.carol) : undefined;
  const book = async (title: string) => (await createBook(s, { title: `${label} ${title}`, categoryId: category })).id;
  const at = s.now().toISOString();
  const loan = async (readerId: number, title: string, status: string, dates: Record<string, string | null>) => {
    const row = await s.db
      .insertInto('application')
      .values({
        reader_id: readerId,
        book_id: await book(title),
        status,
        remark: null,
        handled_by: 'admin',
        handled_by_id: 1,
        handled_at: at,
        approved_at: at,
        version: 1,
        created_at: at,
        updated_at: at,
        ...dates,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  return {
    dueSoon: await loan(alice, 'Due Soon', 'approved', { due_at: inDays(s, 1) }),
    overdue: await loan(alice, 'Overdue', 'approved', { due_at: inDays(s, -2) }),
    ready: await loan(alice, 'Ready', 'ready', { ready_until: inDays(s, 2), approved_at: null }),
    noAddress: await loan(bob, 'No Address', 'approved', { due_at: inDays(s, 1) }),
    returned: await loan(alice, 'Returned', 'returned', { due_at: inDays(s, -5), returned_at: inDays(s, -6) }),
    later: await loan(alice, 'Later', 'approved', { due_at: inDays(s, 10) }),
    expired: await loan(alice, 'Expired Hold', 'ready', { ready_until: inDays(s, -1), approved_at: null }),
    rejected: carol ? await loan(carol, 'Rejected', 'approved', { due_at: inDays(s, 1) }) : undefined,
  };
}

export const reminders = async (s: TestServer, body: Record<string, unknown> = {}) => {
  const res = await s.call<Page<Reminder>>('POST', '/reminder/page', {
    token: s.adminToken,
    body: { pageNum: 1, pageSize: 100, ...body },
  });
  if (res.status !== 200) throw new Error(`reminder page: ${JSON.stringify(res.body)}`);
  return res.body.data.items;
};

/** Polls until `done` holds (or throws with what it last saw). */
export async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`not yet after ${ms} ms: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const runNow = (s: TestServer, token = s.adminToken) =>
  s.call<{ jobId: string }>('POST', '/reminder/run', { token, body: {} });
