import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { Category, CategoryOption } from '../../../src/resources/category/schema';
import type { Subclass, SubclassOption } from '../../../src/resources/subclass/schema';
import { categoriesInUse, createBook, createCategory, createSubclass, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

type Errors = { errors: { path: string; message: string }[] };

describe('category', () => {
  it('creates, lists by sort then name, pages and sorts', async () => {
    const res = await s.call<Category>('POST', '/category', {
      token: s.adminToken,
      body: { name: 'History', sort: 2, description: 'The past' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'History', sort: 2, description: 'The past', version: 0 });
    expect(res.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await createCategory(s, 'Art', 2);
    await createCategory(s, 'Science', 1);

    const list = await s.call<CategoryOption[]>('GET', '/category/list', { token: s.adminToken });
    expect(list.body.data.map((c) => c.name)).toEqual(['Science', 'Art', 'History']);
    expect(Object.keys(list.body.data[0] ?? {}).sort()).toEqual(['id', 'name']);

    const page = async (sort: string, order: string) =>
      (
        await s.call<Page<Category>>('POST', '/category/page', {
          token: s.adminToken,
          body: { pageNum: 1, pageSize: 10, sort, order },
        })
      ).body.data.items.map((c) => c.name);
    expect(await page('name', 'asc')).toEqual(['Art', 'History', 'Science']);
    expect(await page('name', 'desc')).toEqual(['Science', 'History', 'Art']);
    // Equal sort values fall back to id in the same direction: deterministic pages.
    expect(await page('sort', 'asc')).toEqual(['Science', 'History', 'Art']);
    expect(await page('sort', 'desc')).toEqual(['Art', 'History', 'Science']);
  });

  it('answers 409 naming the field for a duplicate name, on create and on update', async () => {
    const dup = await s.call<Errors>('POST', '/category', { token: s.adminToken, body: { name: 'Art' } });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors[0]?.path).toBe('name');
    const id = await createCategory(s, 'Poetry');
    const upd = await s.call<Errors>('PUT', '/category', {
      token: s.adminToken,
      body: { id, version: 0, name: 'Art', sort: 0 },
    });
    expect(upd.status).toBe(409);
    expect(upd.body.data.errors[0]?.path).toBe('name');
  });

  it('updates with the version and refuses a stale one', async () => {
    const id = await createCategory(s, 'Travel');
    const ok = await s.call<Category>('PUT', '/category', {
      token: s.adminToken,
      body: { id, version: 0, name: 'Travel & Places', sort: 5 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Travel & Places', sort: 5, version: 1 });
    const stale = await s.call('PUT', '/category', {
      token: s.adminToken,
      body: { id, version: 0, name: 'X', sort: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('This record was changed by someone else (version 1, yours 0)');
    const missing = await s.call('PUT', '/category', {
      token: s.adminToken,
      body: { id: 9999, version: 0, name: 'X' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(40400);
  });

  it('refuses to delete a category that still has subclasses or books, and deletes an unused one', async () => {
    for (const id of await categoriesInUse(s, 'Delete')) {
      const res = await s.call('DELETE', `/category/${id}`, { token: s.adminToken });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(40900);
      expect(res.body.msg).toMatch(/still in use/);
    }
    const unused = await createCategory(s, 'Unused');
    expect((await s.call('DELETE', `/category/${unused}`, { token: s.adminToken })).body).toEqual({
      code: 20000,
      msg: 'ok',
      data: null,
    });
    expect((await s.call('DELETE', `/category/${unused}`, { token: s.adminToken })).status).toBe(404);
  });
});

describe('category/subclass', () => {
  let fiction: number;
  let science: number;
  beforeAll(async () => {
    fiction = await createCategory(s, 'Fiction');
    science = await createCategory(s, 'Sci');
  });

  it('requires an existing category (400 naming categoryId)', async () => {
    const res = await s.call<Errors>('POST', '/category/subclass', {
      token: s.adminToken,
      body: { categoryId: 9999, name: 'Orphan' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ path: 'categoryId', message: 'no such category' }]);
  });

  it('keeps names unique within a category only', async () => {
    const first = await s.call<Subclass>('POST', '/category/subclass', {
      token: s.adminToken,
      body: { categoryId: fiction, name: 'Classics', sort: 1 },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ categoryId: fiction, categoryName: 'Fiction', name: 'Classics', sort: 1 });
    const dup = await s.call<Errors>('POST', '/category/subclass', {
      token: s.adminToken,
      body: { categoryId: fiction, name: 'Classics' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors[0]?.path).toBe('name');
    const elsewhere = await s.call('POST', '/category/subclass', {
      token: s.adminToken,
      body: { categoryId: science, name: 'Classics' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('lists for pickers, filtered by category, and validates categoryId', async () => {
    await createSubclass(s, fiction, 'Adventure', 0);
    const res = await s.call<SubclassOption[]>('GET', `/category/subclass/list?categoryId=${fiction}`, {
      token: s.adminToken,
    });
    expect(res.body.data.map((o) => o.name)).toEqual(['Adventure', 'Classics']);
    expect(res.body.data.every((o) => o.categoryId === fiction)).toBe(true);
    const bad = await s.call<Errors>('GET', '/category/subclass/list?categoryId=-3', { token: s.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]?.path).toBe('categoryId');
  });

  it('pages with a category filter and keyword', async () => {
    const res = await s.call<Page<Subclass>>('POST', '/category/subclass/page', {
      token: s.adminToken,
      body: { pageNum: 1, pageSize: 10, categoryId: science, keyword: 'class' },
    });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({ categoryId: science, name: 'Classics' });
  });

  it('refuses to delete or move a subclass used by books', async () => {
    const sub = await createSubclass(s, fiction, 'Used');
    await createBook(s, { categoryId: fiction, subclassId: sub });
    const del = await s.call('DELETE', `/category/subclass/${sub}`, { token: s.adminToken });
    expect(del.status).toBe(409);
    expect(del.body.msg).toMatch(/used by 1 book/);
    const move = await s.call('PUT', '/category/subclass', {
      token: s.adminToken,
      body: { id: sub, version: 0, categoryId: science, name: 'Used', sort: 0 },
    });
    expect(move.status).toBe(409);
    const rename = await s.call<Subclass>('PUT', '/category/subclass', {
      token: s.adminToken,
      body: { id: sub, version: 0, categoryId: fiction, name: 'Still used', sort: 0, categoryName: 'Fiction' },
    });
    expect(rename.status).toBe(200);
    expect(rename.body.data.version).toBe(1);
  });

  it('deletes an unused subclass; a second delete is 404', async () => {
    const sub = await createSubclass(s, science, 'Temporary');
    expect((await s.call('DELETE', `/category/subclass/${sub}`, { token: s.adminToken })).status).toBe(200);
    expect((await s.call('DELETE', `/category/subclass/${sub}`, { token: s.adminToken })).status).toBe(404);
  });
});
