import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkDeleteResult } from '../../../src/contract/bulk-delete';
import { auditActions, create, type Errors, pageOf } from '../helpers/crud';
import {
  createBook,
  createCategory,
  createStaff,
  signedInOperator,
  startTestServer,
  type TestServer,
} from '../helpers/test-server';

/**
 * Bulk delete by filter ("all N matching" on a list): one transaction, each record through its
 * own DELETE's rules and audit row; a record a rule keeps is reported and stays, the rest go.
 */
let s: TestServer;
let category: number;

beforeAll(async () => {
  s = await startTestServer();
  category = await createCategory(s, 'Purge shelf');
});
afterAll(() => s.close());

const bulkDelete = <T = BulkDeleteResult>(path: string, body: unknown, token = s.adminToken) =>
  s.call<T>('POST', `/${path}/bulk-delete`, { token, body });
const titles = async (keyword: string) =>
  (await pageOf<{ title: string }>(s, 'book', { keyword, sort: 'title', order: 'asc' })).body.data.items.map(
    (b) => b.title,
  );

describe('bulk delete', () => {
  it('deletes every match in one go, one audit row each, and reports the book a rule keeps', async () => {
    const books = [];
    for (let i = 0; i < 6; i++)
      books.push(await createBook(s, { title: `Purge ${i}`, categoryId: category, stock: i }));
    const reader = await create(s, 'users', { nickName: 'Purge reader', phone: '13622223333', status: 'active' });
    // An open application keeps "Purge 2" (book_open_applications).
    await create(s, 'apply', { userId: reader.id, bookId: books[2]?.id });

    // A count that is no longer true: nothing deleted.
    const stale = await bulkDelete<{ matched: number }>('book', {
      filter: { keyword: 'Purge', stockMax: 4 },
      expected: 4,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toEqual({ matched: 5 });
    expect(await titles('Purge')).toHaveLength(6);

    const res = await bulkDelete('book', { filter: { keyword: 'Purge', stockMax: 4 }, expected: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ matched: 5, deleted: 4 });
    expect(res.body.data.refused).toEqual([
      expect.objectContaining({
        id: books[2]?.id,
        title: 'Purge 2',
        reason: expect.objectContaining({ code: 'book_open_applications' }),
      }),
    ]);
    // Stock 5 was outside the filter; Purge 2 was kept.
    expect(await titles('Purge')).toEqual(['Purge 2', 'Purge 5']);
    for (const i of [0, 1, 3, 4])
      expect(await auditActions(s, 'book', books[i]?.id as number)).toEqual(['create', 'delete']);
    expect(await auditActions(s, 'book', books[2]?.id as number)).toEqual(['create']);
  });

  it('refuses a bad filter, a filter another resource would take, and an inverted range', async () => {
    for (const body of [
      {},
      { filter: { stockMin: 3, stockMax: 1 } },
      { filter: { nope: 1 } },
      { filter: {}, extra: 1 },
    ]) {
      const res = await bulkDelete<Errors>('book', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await titles('Purge')).toEqual(['Purge 2', 'Purge 5']);
  });

  it('keeps to the roles of the resource', async () => {
    const { token } = await signedInOperator(s, 'purgeop', '13900007777', 'Operator-pass-1');
    expect((await bulkDelete('user', { filter: { keyword: 'purgeop' } }, token)).status).toBe(403);
    expect((await bulkDelete('book', { filter: { keyword: 'Nothing matches this' } }, token)).body.data).toEqual({
      matched: 0,
      deleted: 0,
      refused: [],
    });
  });

  it('reports the own account and deletes the other staff accounts', async () => {
    await createStaff(s, { userName: 'purgestaff1', phone: '13900007778', roles: ['operator'] });
    const res = await bulkDelete('user', { filter: { keyword: 'purge' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ matched: 2, deleted: 2, refused: [] });
    const admins = await bulkDelete('user', { filter: { keyword: 'admin' } });
    expect(admins.body.data.refused.map((r) => r.reason?.code)).toContain('own_account_delete');
  });
});
