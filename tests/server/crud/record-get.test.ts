import { beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../src/resources/book/schema';
import { create } from '../helpers/crud';
import { createBook, createCategory, createStaff, testServerForFile } from '../helpers/test-server';

/** GET /{resource}/{id}: one record for its record page, the same shape as its list row. */
const s = testServerForFile();
let operator: string;
beforeAll(async () => {
  await createStaff(s, { userName: 'op1', phone: '13900000001', roles: ['operator'], password: 'Operator-pass-1' });
  operator = (await s.login('op1', 'Operator-pass-1')).body.data.token;
});

describe('GET /{resource}/{id}', () => {
  it('answers a book with its joined names, as the page does', async () => {
    const fiction = await createCategory(s, 'Fiction');
    const { id } = await createBook(s, { title: 'Dune', categoryId: fiction, stock: 4 });
    const res = await s.call<Book>('GET', `/book/${id}`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, title: 'Dune', categoryName: 'Fiction', stock: 4, version: 0 });
    const page = await s.call<{ items: Book[] }>('POST', '/book/page', {
      token: operator,
      body: { pageNum: 1, pageSize: 10, keyword: 'Dune' },
    });
    expect(res.body.data).toEqual(page.body.data.items[0]);
  });

  it('answers a reader', async () => {
    const reader = await create(s, 'users', { nickName: 'Ada', phone: '13700000009', status: 'active' });
    const res = await s.call<{ nickName: string }>('GET', `/users/${reader.id}`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.data.nickName).toBe('Ada');
  });

  it('says 404 for a missing record and 401 without a token', async () => {
    expect((await s.call('GET', '/book/999999', { token: operator })).status).toBe(404);
    expect((await s.call('GET', '/book/1')).status).toBe(401);
  });

  it('keeps the role of the resource: an operator may not read an administrator', async () => {
    expect((await s.call('GET', '/user/1', { token: operator })).status).toBe(403);
    expect((await s.call('GET', '/user/1', { token: s.adminToken })).status).toBe(200);
  });

  it('leaves fixed paths alone (/category/list is not a record)', async () => {
    const res = await s.call<unknown[]>('GET', '/category/list', { token: operator });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});
