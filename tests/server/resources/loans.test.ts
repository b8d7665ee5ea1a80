import { beforeAll, describe, expect, it } from 'vitest';
import type { CountsEvent } from '../../../src/contract/events';
import type { Application } from '../../../src/resources/application/schema';
import type { LoanPolicy } from '../../../src/resources/loan-policy/schema';
import type { Errors } from '../helpers/crud';
import { openStream } from '../helpers/sse';
import { ADMIN_PASSWORD, createStaff, testServerForFile } from '../helpers/test-server';

/*
 * The lending desk (docs/api-additions.md, "The lending desk"): due dates, the overdue filter,
 * sort and count, renewals, holds with their queue, ready copies and expiry, and the loan policy.
 */
const s = testServerForFile();
const DAY = 86_400_000;
let category: number;
let shortCategory: number;
let readers: number[];
/** The admin's session: signed in again after the clock moves past its idle expiry. */
let token: string;

async function later(ms: number) {
  s.advance(ms);
  token = (await s.login('admin', ADMIN_PASSWORD)).body.data.token;
}
const call = <T>(method: string, path: string, body?: unknown) => s.call<T>(method, path, { token, body });
async function create(path: string, body: Record<string, unknown>) {
  const res = await call<{ id: number }>('POST', `/${path}`, body);
  if (res.status !== 201) throw new Error(`create ${path}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const createBook = (over: Record<string, unknown>) =>
  create('book', { title: 'Desk book', author: 'A. Author', status: 'on_shelf', ...over }) as Promise<{ id: number }>;
const pageOf = <T>(_: unknown, path: string, body: Record<string, unknown>) =>
  call<{ items: T[]; total: number }>('POST', `/${path}/page`, { pageNum: 1, pageSize: 100, ...body });

beforeAll(async () => {
  token = s.adminToken;
  category = (await create('category', { name: 'Desk', sort: 0 })).id;
  shortCategory = (await create('category', { name: 'Desk short', sort: 1, loanDays: 7 })).id;
  readers = [];
  for (let i = 0; i < 6; i++)
    readers.push(
      (await create('users', { nickName: `Desk reader ${i}`, phone: `1360000010${i}`, status: 'active' })).id,
    );
});

const apply = async (bookId: number, reader = 0) =>
  (await create('apply', { userId: readers[reader], bookId })) as unknown as Application;
const put = (a: Pick<Application, 'id' | 'version'>, status: string, extra: Record<string, unknown> = {}) =>
  call<Application>('PUT', '/apply', { id: a.id, version: a.version, status, ...extra });
const renew = (a: Pick<Application, 'id' | 'version'>) =>
  call<Application>('POST', '/apply/renew', { id: a.id, version: a.version });
const row = (id: number) => s.db.selectFrom('application').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stockOf = async (bookId: number) =>
  (await s.db.selectFrom('book').select('stock').where('id', '=', bookId).executeTakeFirstOrThrow()).stock;
/** The application as the page reads it (the holds' clock runs first), found by its book. */
const one = async (id: number) => {
  const bookId = (await row(id)).book_id;
  const page = await pageOf<Application>(s, 'apply', { bookId });
  return page.body.data.items.find((a) => a.id === id) as Application;
};
const reason = (res: { body: { data: unknown } }) => (res.body.data as { reason?: { code: string } }).reason?.code;
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

describe('loan policy', () => {
  it('is read by every member and changed only by administrators, validated and audited', async () => {
    await createStaff(s, {
      userName: 'deskop',
      phone: '13900000098',
      roles: ['operator'],
      password: 'Operator-pass-1',
    });
    const op = (await s.login('deskop', 'Operator-pass-1')).body.data.token;
    const read = await s.call<LoanPolicy>('GET', '/loan-policy', { token: op });
    expect(read.body.data).toMatchObject({ loanDays: 21, maxRenewals: 2, holdDays: 3, remindDaysBefore: 2 });
    const body = { loanDays: 14, maxRenewals: 1, holdDays: 5, remindDaysBefore: 3, version: read.body.data.version };
    expect((await s.call('PUT', '/loan-policy', { token: op, body })).status).toBe(403);
    const bad = await call<Errors>('PUT', '/loan-policy', { ...body, loanDays: 0, maxRenewals: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.path).sort()).toEqual(['loanDays', 'maxRenewals']);
    const saved = await call<LoanPolicy>('PUT', '/loan-policy', body);
    expect(saved.body.data).toMatchObject({ loanDays: 14, version: body.version + 1 });
    expect((await call('PUT', '/loan-policy', body)).status).toBe(409);
    const book = await createBook({ categoryId: category, stock: 1 });
    const a = (await put(await apply(book.id), 'approved')).body.data;
    expect(days(a.approvedAt as string, a.dueAt as string)).toBe(14);
    const audit = await s.db.selectFrom('audit_log').select('changes').where('resource', '=', 'loanPolicy').execute();
    expect(JSON.parse(audit.at(-1)?.changes ?? '{}')).toMatchObject({ loanDays: { from: 21, to: 14 } });
    const back = { loanDays: 21, maxRenewals: 2, holdDays: 3, remindDaysBefore: 2, version: body.version + 1 };
    expect((await call('PUT', '/loan-policy', back)).status).toBe(200);
  });
});

describe('due dates', () => {
  it('approving sets approvedAt and dueAt = now + the policy period; returning sets returnedAt', async () => {
    const book = await createBook({ categoryId: category, stock: 2 });
    const a = (await put(await apply(book.id), 'approved')).body.data;
    expect(a.approvedAt).toMatch(/Z$/);
    expect(days(a.approvedAt as string, a.dueAt as string)).toBe(21);
    expect(a.renewals).toBe(0);
    const back = (await put(a, 'returned')).body.data;
    expect(back.returnedAt).toMatch(/Z$/);
    expect(back.dueAt).toBe(a.dueAt);
  });

  it("takes the category's period when it has one", async () => {
    const book = await createBook({ categoryId: shortCategory, stock: 1 });
    const a = (await put(await apply(book.id), 'approved')).body.data;
    expect(days(a.approvedAt as string, a.dueAt as string)).toBe(7);
  });

  it('takes the approver’s dueAt for one loan, and refuses one in the past', async () => {
    const book = await createBook({ categoryId: category, stock: 2 });
    const dueAt = new Date(s.now().getTime() + 3 * DAY).toISOString();
    const a = (await put(await apply(book.id), 'approved', { dueAt })).body.data;
    expect(a.dueAt).toBe(dueAt);
    const b = await apply(book.id);
    const past = await call<Errors>('PUT', '/apply', {
      id: b.id,
      version: b.version,
      status: 'approved',
      dueAt: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.data.errors[0]).toMatchObject({ path: 'dueAt', code: 'future' });
    expect(await stockOf(book.id)).toBe(1);
  });

  it('keeps the contract: a client sending only its fields gets the same transitions and stock rule', async () => {
    const book = await createBook({ categoryId: category, stock: 1 });
    const a = await apply(book.id);
    const res = await call<Application>('PUT', '/apply', {
      id: a.id,
      version: a.version,
      status: 'approved',
      remark: 'ok',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', remark: 'ok', bookStock: 0, version: 1 });
    const b = await apply(book.id);
    const none = await put(b, 'approved');
    expect(none.status).toBe(409);
    expect(reason(none)).toBe('no_copies');
    expect((await put(res.body.data, 'returned')).body.data).toMatchObject({ status: 'returned', bookStock: 1 });
    expect((await put(b, 'rejected')).body.data.status).toBe('rejected');
  });
});

describe('overdue', () => {
  it('filters, sorts by due date and counts overdue loans, live', async () => {
    const book = await createBook({ title: 'Overdue shelf', categoryId: category, stock: 3 });
    const before = await openStream(s.url, { token });
    const first = (await before.next((e) => e.event === 'counts')).data as CountsEvent;
    before.close();
    const soon = (
      await put(await apply(book.id), 'approved', { dueAt: new Date(s.now().getTime() + DAY).toISOString() })
    ).body.data;
    const usual = (await put(await apply(book.id, 1), 'approved')).body.data;
    expect((await pageOf<Application>(s, 'apply', { bookId: book.id, overdue: true })).body.data.total).toBe(0);
    // Two days on (the session has idled out meanwhile: signed in again), the first loan is overdue.
    await later(2 * DAY);
    const st = await openStream(s.url, { token });
    await st.next((e) => e.event === 'counts' && (e.data as CountsEvent).overdueLoans === first.overdueLoans + 1);
    const overdue = await pageOf<Application>(s, 'apply', { bookId: book.id, overdue: true });
    expect(overdue.body.data.items.map((a) => a.id)).toEqual([soon.id]);
    const notOverdue = await pageOf<Application>(s, 'apply', { bookId: book.id, overdue: false });
    expect(notOverdue.body.data.items.map((a) => a.id)).toEqual([usual.id]);
    await put(await apply(book.id, 2), 'approved');
    const sorted = await pageOf<Application>(s, 'apply', {
      bookId: book.id,
      status: 'approved',
      sort: 'dueAt',
      order: 'asc',
    });
    expect(sorted.body.data.items[0]?.id).toBe(soon.id);
    expect(sorted.body.data.items.map((a) => a.id)).toContain(usual.id);
    // Returned: no longer overdue, and the open stream is told.
    await put(await one(soon.id), 'returned');
    await st.next((e) => e.event === 'counts' && (e.data as CountsEvent).overdueLoans === first.overdueLoans);
    st.close();
  });
});

describe('renewals', () => {
  it('extends by one period up to max_renewals, audited; then 409 renew_limit', async () => {
    const book = await createBook({ categoryId: shortCategory, stock: 1 });
    let a = (await put(await apply(book.id), 'approved')).body.data;
    for (const n of [1, 2]) {
      const res = await renew(a);
      expect(res.status).toBe(200);
      expect(days(a.dueAt as string, res.body.data.dueAt as string)).toBe(7);
      expect(res.body.data.renewals).toBe(n);
      a = res.body.data;
    }
    const over = await renew(a);
    expect(over.status).toBe(409);
    expect(reason(over)).toBe('renew_limit');
    const audit = await s.db
      .selectFrom('audit_log')
      .select('changes')
      .where('resource', '=', 'application')
      .where('record_id', '=', a.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes)).toMatchObject({ renewals: { from: 1, to: 2 } });
  });

  it('refuses while someone holds the book, and on a request that is not on loan', async () => {
    const book = await createBook({ categoryId: category, stock: 1 });
    const a = (await put(await apply(book.id), 'approved')).body.data;
    const waiting = (await put(await apply(book.id, 1), 'on_hold')).body.data;
    expect(waiting.status).toBe('on_hold');
    const held = await renew(a);
    expect(held.status).toBe(409);
    expect(reason(held)).toBe('renew_held');
    expect((await row(a.id)).renewals).toBe(0);
    const notLent = await renew(waiting);
    expect(reason(notLent)).toBe('not_on_loan');
  });
});

describe('holds', () => {
  it('queues in request order, hands a returned copy to the first (ready, stock unchanged), lends it on approval', async () => {
    const book = await createBook({ title: 'Held tale', categoryId: category, stock: 1 });
    const loan = (await put(await apply(book.id), 'approved')).body.data;
    // With a copy on the shelf a hold is refused: approve instead.
    const other = await createBook({ categoryId: category, stock: 1 });
    expect(reason(await put(await apply(other.id), 'on_hold'))).toBe('copies_available');
    const holds: Application[] = [];
    for (const r of [1, 2, 3]) holds.push((await put(await apply(book.id, r), 'on_hold')).body.data);
    expect((await Promise.all(holds.map((h) => one(h.id)))).map((h) => h.holdPosition)).toEqual([1, 2, 3]);

    await put(loan, 'returned');
    expect(await stockOf(book.id)).toBe(0);
    const ready = await one(holds[0]!.id);
    expect(ready).toMatchObject({ status: 'ready', holdPosition: null });
    expect(days(s.now().toISOString(), ready.readyUntil as string)).toBe(3);
    expect((await one(holds[1]!.id)).holdPosition).toBe(1);

    const lent = (await put(ready, 'approved')).body.data;
    expect(lent).toMatchObject({ status: 'approved', bookStock: 0 });
    expect(lent.dueAt).toBeTruthy();
  });

  it('expires a ready hold past ready_until and passes the copy to the next hold, then to the stock', async () => {
    const book = await createBook({ categoryId: category, stock: 1 });
    const loan = (await put(await apply(book.id), 'approved')).body.data;
    const h1 = (await put(await apply(book.id, 1), 'on_hold')).body.data;
    const h2 = (await put(await apply(book.id, 2), 'on_hold')).body.data;
    await put(loan, 'returned');
    expect((await row(h1.id)).status).toBe('ready');
    await later(4 * DAY);
    // The sweep runs before a page is read.
    expect((await one(h1.id)).status).toBe('expired');
    expect((await one(h2.id)).status).toBe('ready');
    expect(await stockOf(book.id)).toBe(0);
    await later(4 * DAY);
    expect((await one(h2.id)).status).toBe('expired');
    expect(await stockOf(book.id)).toBe(1);
  });

  it('a ready hold cancelled passes its copy on; a hold on hold cancelled moves nothing', async () => {
    const book = await createBook({ categoryId: category, stock: 1 });
    const loan = (await put(await apply(book.id), 'approved')).body.data;
    const h1 = (await put(await apply(book.id, 1), 'on_hold')).body.data;
    const h2 = (await put(await apply(book.id, 2), 'on_hold')).body.data;
    expect((await put(h2, 'rejected')).status).toBe(200);
    await put(loan, 'returned');
    const ready = await one(h1.id);
    expect(ready.status).toBe('ready');
    await put(ready, 'rejected');
    expect(await stockOf(book.id)).toBe(1);
    // Server-only changes cannot be asked for.
    const h3 = (await put(await apply(book.id, 3), 'rejected')).body.data;
    expect(reason(await put(h3, 'ready'))).toBe('transition');
  });
});

describe('concurrent returns and approvals on one book', () => {
  it('never lends a copy twice nor loses one: stock + approved + ready stays the copies', async () => {
    const COPIES = 2;
    const book = await createBook({ title: 'Contended', categoryId: category, stock: COPIES });
    const invariant = async () => {
      const rows = await s.db.selectFrom('application').select('status').where('book_id', '=', book.id).execute();
      const out = rows.filter((r) => r.status === 'approved' || r.status === 'ready').length;
      return (await stockOf(book.id)) + out;
    };
    for (let round = 0; round < 6; round++) {
      // Lend both copies, then queue holds and fresh requests, then return both while approving.
      const requests = await Promise.all(readers.map((_, r) => apply(book.id, r)));
      const results = await Promise.all(requests.map((a) => put(a, 'approved')));
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(COPIES);
      expect(await invariant()).toBe(COPIES);
      const refused = requests.filter((_, i) => results[i]?.status === 409);
      await Promise.all(refused.slice(0, 3).map((a) => put(a, 'on_hold')));
      const loans = results.filter((r) => r.status === 200).map((r) => r.body.data);
      const fresh = await Promise.all([apply(book.id, 4), apply(book.id, 5)]);
      const racing = await Promise.all([
        ...loans.map((l) => put(l, 'returned')),
        ...fresh.map((a) => put(a, 'approved')),
        ...refused.slice(3).map((a) => put(a, 'rejected')),
      ]);
      expect(racing.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await invariant()).toBe(COPIES);
      // Settle: lend the ready copies and return every loan; reject the rest.
      const open = (await pageOf<Application>(s, 'apply', { bookId: book.id })).body.data.items;
      await Promise.all(open.filter((a) => a.status === 'ready').map((a) => put(a, 'approved')));
      expect(await invariant()).toBe(COPIES);
      const again = (await pageOf<Application>(s, 'apply', { bookId: book.id })).body.data.items;
      await Promise.all(
        again.filter((a) => a.status === 'pending' || a.status === 'on_hold').map((a) => put(a, 'rejected')),
      );
      await Promise.all(again.filter((a) => a.status === 'approved').map((a) => put(a, 'returned')));
      expect(await invariant()).toBe(COPIES);
      const left = (await pageOf<Application>(s, 'apply', { bookId: book.id })).body.data.items;
      for (const a of left.filter((x) => x.status === 'ready')) await put(a, 'rejected');
      expect(await stockOf(book.id)).toBe(COPIES);
    }
  });
});
