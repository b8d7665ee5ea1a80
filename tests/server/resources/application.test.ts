import { beforeAll, describe, expect, it } from 'vitest';
import type { Application, ApplicationStatus } from '../../../src/resources/application/schema';
import { auditActions, create, type Errors, pageOf } from '../helpers/crud';
import { createBook, createCategory, createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let category: number;
let readerId: number;
beforeAll(async () => {
  category = await createCategory(s, 'Loans');
  readerId = (await create(s, 'users', { nickName: 'Borrower', phone: '13600000000', status: 'active' })).id;
});

const stockOf = async (bookId: number) =>
  (await s.db.selectFrom('book').select('stock').where('id', '=', bookId).executeTakeFirstOrThrow()).stock;
const apply = async (bookId: number) =>
  (await create(s, 'apply', { userId: readerId, bookId })) as unknown as Application;
const put = (a: Pick<Application, 'id' | 'version'>, status: string, extra: Record<string, unknown> = {}) =>
  s.call<Application>('PUT', '/apply', {
    token: s.adminToken,
    body: { id: a.id, version: a.version, status, ...extra },
  });

/** Bring a fresh application to `status` through allowed steps. */
async function applicationIn(status: ApplicationStatus, bookId: number): Promise<Application> {
  let a = await apply(bookId);
  const path: Partial<Record<ApplicationStatus, ApplicationStatus[]>> = {
    pending: [],
    approved: ['approved'],
    rejected: ['rejected'],
    returned: ['approved', 'returned'],
  };
  for (const step of path[status] ?? []) a = (await put(a, step)).body.data;
  expect(a.status).toBe(status);
  return a;
}

describe('application create', () => {
  it('starts pending with the reader nickName, book title and stock joined', async () => {
    const book = await createBook(s, { title: 'Joined title', categoryId: category, stock: 4 });
    const a = await apply(book.id);
    expect(a).toMatchObject({
      status: 'pending',
      nickName: 'Borrower',
      bookTitle: 'Joined title',
      bookStock: 4,
      handledBy: null,
      version: 0,
    });
  });

  it('needs an existing reader and book: 400 naming the field', async () => {
    const book = await createBook(s, { categoryId: category });
    for (const [body, field] of [
      [{ userId: 9999, bookId: book.id }, 'userId'],
      [{ userId: readerId, bookId: 9999 }, 'bookId'],
      [{ userId: readerId }, 'bookId'],
      [{ userId: readerId, bookId: book.id, status: 'approved' }, 'status'],
    ] as const) {
      const res = await s.call<Errors>('POST', '/apply', { token: s.adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.errors[0]?.path).toBe(field);
    }
  });

  it('has no delete route', async () => {
    const res = await s.call('DELETE', '/apply/1', { token: s.adminToken });
    expect(res.status).toBe(404);
  });
});

describe('application transitions', () => {
  const table: [ApplicationStatus, ApplicationStatus, number, number][] = [
    // from, to, expected HTTP status, stock change
    ['pending', 'approved', 200, -1],
    ['pending', 'rejected', 200, 0],
    ['pending', 'returned', 409, 0],
    ['pending', 'pending', 409, 0],
    ['approved', 'returned', 200, 1],
    ['approved', 'rejected', 409, 0],
    ['approved', 'pending', 409, 0],
    ['approved', 'approved', 409, 0],
    ['rejected', 'approved', 409, 0],
    ['rejected', 'pending', 409, 0],
    ['returned', 'approved', 409, 0],
    ['returned', 'pending', 409, 0],
  ];
  it.each(table)('%s -> %s: %i, stock %i', async (from, to, status, delta) => {
    const book = await createBook(s, { categoryId: category, stock: 3 });
    const a = await applicationIn(from, book.id);
    const before = await stockOf(book.id);
    const res = await put(a, to, { remark: 'by the desk' });
    expect(res.status).toBe(status);
    expect(await stockOf(book.id)).toBe(before + delta);
    if (status === 200) {
      expect(res.body.data).toMatchObject({
        status: to,
        version: a.version + 1,
        handledBy: 'Administrator',
        remark: 'by the desk',
      });
      expect(res.body.data.handledAt).toMatch(/Z$/);
      expect(res.body.data.bookStock).toBe(before + delta);
    } else {
      const row = await s.db.selectFrom('application').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(from);
      expect(row.version).toBe(a.version);
    }
  });

  it('refuses to approve when no copy is left, writing nothing', async () => {
    const book = await createBook(s, { categoryId: category, stock: 0 });
    const a = await apply(book.id);
    const audits = (await s.db.selectFrom('audit_log').select('id').execute()).length;
    const res = await put(a, 'approved');
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/No copies/);
    expect(await stockOf(book.id)).toBe(0);
    expect(
      (await s.db.selectFrom('application').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status,
    ).toBe('pending');
    expect((await s.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
  });

  it('refuses a stale version', async () => {
    const book = await createBook(s, { categoryId: category, stock: 2 });
    const a = await apply(book.id);
    await put(a, 'rejected');
    expect((await put(a, 'approved')).status).toBe(409);
    expect(await stockOf(book.id)).toBe(2);
  });

  it('lends the last copy exactly once under concurrent approvals', async () => {
    const book = await createBook(s, { categoryId: category, stock: 1 });
    const apps = await Promise.all(Array.from({ length: 8 }, () => apply(book.id)));
    const results = await Promise.all(apps.map((a) => put(a, 'approved')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await stockOf(book.id)).toBe(0);
  });

  it('moves the book version, so an editor holding the old stock gets 409', async () => {
    const book = await createBook(s, { title: 'Edited', author: 'A', categoryId: category, stock: 5 });
    await put(await apply(book.id), 'approved');
    const stale = await s.call('PUT', '/book', { token: s.adminToken, body: { ...book, stock: 5 } });
    expect(stale.status).toBe(409);
    expect(await stockOf(book.id)).toBe(4);
  });

  it('audits the application and the stock change, by the operator who did it', async () => {
    await createStaff(s, { userName: 'desk', phone: '13900000099', roles: ['operator'], password: 'Operator-pass-1' });
    const token = (await s.login('desk', 'Operator-pass-1')).body.data.token;
    const book = await createBook(s, { categoryId: category, stock: 1 });
    const a = await apply(book.id);
    const res = await s.call<Application>('PUT', '/apply', {
      token,
      body: { id: a.id, version: 0, status: 'approved' },
    });
    expect(res.body.data.handledBy).toBe('desk');
    expect(await auditActions(s, 'application', a.id)).toEqual(['create', 'update']);
    const rows = await s.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'book')
      .where('record_id', '=', book.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(JSON.parse(rows[1]?.changes ?? '{}')).toEqual({ stock: { from: 1, to: 0 } });
    expect(rows[1]?.actor_name).toBe('desk');
  });
});

describe('application page and book deletion', () => {
  it('filters by status, reader and book', async () => {
    const book = await createBook(s, { categoryId: category, stock: 5, title: 'Filter me' });
    const a = await apply(book.id);
    await put(await apply(book.id), 'rejected');
    const pending = await pageOf<Application>(s, 'apply', { bookId: book.id, status: 'pending', userId: readerId });
    expect(pending.body.data.items.map((x) => x.id)).toEqual([a.id]);
    const kw = await pageOf<Application>(s, 'apply', { keyword: 'filter me' });
    expect(kw.body.data.total).toBe(2);
  });

  it('refuses to delete a book with open applications, or with history', async () => {
    const book = await createBook(s, { categoryId: category, stock: 5 });
    const a = await apply(book.id);
    const open = await s.call('DELETE', `/book/${book.id}`, { token: s.adminToken });
    expect(open.status).toBe(409);
    expect(open.body.msg).toMatch(/open application/);
    await put(a, 'rejected');
    const hist = await s.call('DELETE', `/book/${book.id}`, { token: s.adminToken });
    expect(hist.status).toBe(409);
    expect(hist.body.msg).toMatch(/history/);
  });
});
