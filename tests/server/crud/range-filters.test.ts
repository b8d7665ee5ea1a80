import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { BatchResult } from '../../../src/contract/import';
import { auditActions, create, pageOf } from '../helpers/crud';
import { createBook, createCategory, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Range filters (`numberRange`, `dateRange` in a spec): both bounds inclusive, a bare day the whole
 * UTC day, an instant itself; an upper bound below its lower one refused as a field error. The
 * same rows on both engines (timestamps are ISO text on both).
 */
let s: TestServer;
let category: number;
const books: { id: number; stock: number; at: string }[] = [];

// Around the day of 3 May 2026 in Shanghai (UTC+8): 2 May 16:00Z to 3 May 15:59:59.999Z.
const TIMES = [
  '2026-05-02T15:59:59.999Z',
  '2026-05-02T16:00:00.000Z',
  '2026-05-03T15:59:59.999Z',
  '2026-05-03T16:00:00.000Z',
];
const STOCKS = [0, 3, 7, 12];

beforeAll(async () => {
  s = await startTestServer();
  category = await createCategory(s, 'Ranges');
  for (let i = 0; i < 4; i++) {
    const b = await createBook(s, { title: `Ranged ${i}`, categoryId: category, stock: STOCKS[i] });
    await s.db
      .updateTable('book')
      .set({ created_at: TIMES[i] as string, updated_at: TIMES[3 - i] as string })
      .where('id', '=', b.id)
      .execute();
    books.push({ id: b.id, stock: STOCKS[i] as number, at: TIMES[i] as string });
  }
});
afterAll(() => s.close());

type Errors = { errors: { path: string; message: string; code?: string }[] };

const ids = async (path: string, body: Record<string, unknown>) => {
  const res = await pageOf(s, path, { sort: 'id', order: 'asc', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: Page<{ id: number }> }).data.items.map((r) => r.id);
};
const bookIds = (body: Record<string, unknown>) => ids('book', { keyword: 'Ranged', ...body });
const nth = (...i: number[]) => i.map((k) => books[k]?.id);

describe('number ranges', () => {
  it.each([
    [{ stockMin: 3, stockMax: 7 }, [1, 2]],
    [{ stockMin: 3 }, [1, 2, 3]],
    [{ stockMax: 0 }, [0]],
    [{ stockMin: 7, stockMax: 7 }, [2]],
    [{ stockMin: -1, stockMax: 2 }, [0]],
    [{ stockMin: 13 }, []],
  ])('books with %j', async (body, expected) => {
    expect(await bookIds(body)).toEqual(nth(...expected));
  });

  it('combines with the other filters and the keyword', async () => {
    expect(await bookIds({ stockMin: 1, status: 'on_shelf', categoryId: category })).toEqual(nth(1, 2, 3));
    expect(await bookIds({ stockMin: 1, status: 'off_shelf' })).toEqual([]);
  });
});

describe('date ranges', () => {
  it.each([
    // The console's instants for "3 May" in Shanghai: the day's first and last millisecond.
    [{ createdFrom: '2026-05-02T16:00:00.000Z', createdTo: '2026-05-03T15:59:59.999Z' }, [1, 2]],
    [{ createdFrom: '2026-05-02T16:00:00.000Z' }, [1, 2, 3]],
    [{ createdTo: '2026-05-02T15:59:59.999Z' }, [0]],
    // An offset other than Z means the same instant.
    [{ createdFrom: '2026-05-03T00:00:00+08:00', createdTo: '2026-05-03T23:59:59.999+08:00' }, [1, 2]],
    // Bare days are whole UTC days, the last one included.
    [{ createdFrom: '2026-05-03', createdTo: '2026-05-03' }, [2, 3]],
    [{ createdTo: '2026-05-02' }, [0, 1]],
    [{ updatedFrom: '2026-05-03' }, [0, 1]],
    [{ createdFrom: '2026-05-04' }, []],
  ])('books with %j', async (body, expected) => {
    expect(await bookIds(body)).toEqual(nth(...expected));
  });

  it('applies to the export and to a batch edit by filter as to the page', async () => {
    const filter = { keyword: 'Ranged', createdFrom: '2026-05-02T16:00:00.000Z', stockMax: 7 };
    const csv = await fetch(`${s.url}/prod-api/book/export`, {
      method: 'POST',
      headers: { 'X-Token': s.adminToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(filter),
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(['Ranged 0', 'Ranged 1', 'Ranged 2', 'Ranged 3'].filter((t) => text.includes(t))).toEqual([
      'Ranged 1',
      'Ranged 2',
    ]);

    const res = await s.call<BatchResult>('POST', '/book/batch', {
      token: s.adminToken,
      body: { filter, set: { status: 'off_shelf' }, expected: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ matched: 2, changed: 2 });
    expect(await bookIds({ status: 'off_shelf' })).toEqual(nth(1, 2));
    expect(await auditActions(s, 'book', books[1]?.id as number)).toEqual(['create', 'update']);
    const back = await s.call<BatchResult>('POST', '/book/batch', {
      token: s.adminToken,
      body: { filter: { keyword: 'Ranged' }, set: { status: 'on_shelf' } },
    });
    expect(back.status).toBe(200);
  });

  it('filters applications, readers, messages, news, images and the audit log by their times', async () => {
    const reader = await create(s, 'users', { nickName: 'Range reader', phone: '13611112222', status: 'active' });
    const apply = await create(s, 'apply', { userId: reader.id, bookId: books[3]?.id });
    const message = await create(s, 'online', { readerName: 'Range writer', content: 'When?', status: 'unread' });
    const news = await create(s, 'news', {
      title: 'Range news',
      content: '<p>x</p>',
      status: 'published',
      publishedAt: '2026-05-03T08:00:00.000Z',
    });
    const at = '2026-05-03T08:00:00.000Z';
    await s.db.updateTable('reader').set({ created_at: at }).where('id', '=', reader.id).execute();
    await s.db.updateTable('application').set({ created_at: at }).where('id', '=', apply.id).execute();
    await s.db.updateTable('message').set({ created_at: at }).where('id', '=', message.id).execute();
    await s.db
      .updateTable('audit_log')
      .set({ at })
      .where('resource', '=', 'reader')
      .where('record_id', '=', reader.id)
      .execute();

    const day = { createdFrom: '2026-05-03', createdTo: '2026-05-03' };
    const before = { createdTo: '2026-05-02T23:59:59.999Z' };
    for (const [path, id] of [
      ['users', reader.id],
      ['apply', apply.id],
      ['online', message.id],
    ] as const) {
      expect(await ids(path, day), path).toContain(id);
      expect(await ids(path, before), path).not.toContain(id);
    }
    expect(await ids('news', { publishedFrom: '2026-05-03', publishedTo: '2026-05-03' })).toEqual([news.id]);
    expect(await ids('news', { publishedTo: '2026-05-02' })).toEqual([]);
    // Images: none uploaded here, so every range is empty, but the filter is taken.
    expect(await ids('image', { createdFrom: '2000-01-01' })).toEqual([]);

    const audit = { resource: 'reader', recordId: reader.id };
    expect(await ids('audit', { ...audit, from: '2026-05-03', to: '2026-05-03' })).toHaveLength(1);
    expect(await ids('audit', { ...audit, from: '2026-05-03T08:00:00.001Z' })).toHaveLength(0);
    expect(await ids('audit', { ...audit, to: '2026-05-03T08:00:00.000Z' })).toHaveLength(1);
  });
});

describe('every list with a time column', () => {
  it.each([
    ['banner', 'updated'],
    ['category/subclass', 'updated'],
    ['resource', 'updated'],
    ['news', 'updated'],
    ['video', 'created'],
  ])('%s takes a %s range', async (path, name) => {
    // Every record of these lists was written during this run (or never: an empty list).
    const all = await pageOf(s, path, {});
    expect(all.status).toBe(200);
    const since = await pageOf(s, path, { [`${name}From`]: '2000-01-01', [`${name}To`]: '2999-12-31' });
    expect(since.status, JSON.stringify(since.body)).toBe(200);
    expect(since.body.data.total).toBe(all.body.data.total);
    expect((await pageOf(s, path, { [`${name}To`]: '2000-01-01' })).body.data.total).toBe(0);
    const inverted = await pageOf(s, path, { [`${name}From`]: '2000-01-02', [`${name}To`]: '2000-01-01' });
    expect(inverted.status).toBe(400);
  });

  it('finds a subclass and a banner by the day they changed', async () => {
    const sub = await create(s, 'category/subclass', { categoryId: category, name: 'Range sub', sort: 0 });
    const banner = await create(s, 'banner', { title: 'Range banner', imageUrl: '/img/x.png', sort: 0, enabled: true });
    const at = '2026-05-03T08:00:00.000Z';
    await s.db.updateTable('category_subclass').set({ updated_at: at }).where('id', '=', sub.id).execute();
    await s.db.updateTable('banner').set({ updated_at: at }).where('id', '=', banner.id).execute();
    const day = { updatedFrom: '2026-05-03', updatedTo: '2026-05-03' };
    expect(await ids('category/subclass', day)).toEqual([sub.id]);
    expect(await ids('banner', day)).toEqual([banner.id]);
  });
});

describe('bad ranges', () => {
  it.each([
    ['book', { stockMin: 5, stockMax: 4 }, 'stockMax', 'range_order'],
    ['book', { createdFrom: '2026-05-03', createdTo: '2026-05-02' }, 'createdTo', 'range_order'],
    ['book', { updatedFrom: '2026-05-03T12:00:00Z', updatedTo: '2026-05-03T11:00:00Z' }, 'updatedTo', 'range_order'],
    ['book', { stockMin: 'five' }, 'stockMin', 'number'],
    ['book', { stockMax: 2.5 }, 'stockMax', 'integer'],
    ['book', { createdTo: 'yesterday' }, 'createdTo', 'date'],
    ['apply', { createdFrom: '2026-02-30' }, 'createdFrom', 'real_date'],
    ['users', { createdFrom: '2026-05-04', createdTo: '2026-05-03' }, 'createdTo', 'range_order'],
    ['audit', { from: '2026-05-04', to: '2026-05-03' }, 'to', 'range_order'],
  ])('%s %j: 400 on %s (%s)', async (path, body, field, code) => {
    const res = await s.call<Errors>('POST', `/${path}/page`, {
      token: s.adminToken,
      body: { pageNum: 1, pageSize: 10, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.errors).toContainEqual(expect.objectContaining({ path: field, code }));
  });

  it('refuses an inverted range in a batch edit by filter, nothing written', async () => {
    const res = await s.call<Errors>('POST', '/book/batch', {
      token: s.adminToken,
      body: { filter: { stockMin: 9, stockMax: 1 }, set: { status: 'off_shelf' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await bookIds({ status: 'off_shelf' })).toEqual([]);
  });
});
