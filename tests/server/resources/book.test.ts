import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { FieldError } from '../../../src/contract/envelope';
import type { SystemInfo } from '../../../src/contract/system';
import type { Book } from '../../../src/resources/book/schema';
import { TEST_ENGINE } from '../helpers/database';
import { bookInput, createBook, createCategory, createShelves, testServerForFile } from '../helpers/test-server';

type Errors = { errors: FieldError[] };

const s = testServerForFile();
let fiction: number;
let science: number;
let classics: number;
let physics: number;
beforeAll(async () => {
  [[fiction, classics], [science, physics]] = await createShelves(s, ['Fiction', 'Classics'], ['Science', 'Physics']);
});

const page = (body: Record<string, unknown>) =>
  s.call<Page<Book>>('POST', '/book/page', { token: s.adminToken, body: { pageNum: 1, pageSize: 100, ...body } });
const titles = async (body: Record<string, unknown>) => (await page(body)).body.data.items.map((b) => b.title);

describe('book writes', () => {
  it('creates a book with joined category and subclass names', async () => {
    const res = await s.call<Book>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({
        title: 'Dune',
        author: 'Frank Herbert',
        isbn: '978-0-441-17271-9',
        publisher: 'Chilton',
        publishDate: '1965-08-01',
        categoryId: fiction,
        subclassId: classics,
        stock: 3,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Dune',
      isbn: '9780441172719',
      categoryName: 'Fiction',
      subclassName: 'Classics',
      publishDate: '1965-08-01',
      stock: 3,
      status: 'on_shelf',
      version: 0,
    });
  });

  it('answers 400 with one error per bad field and a msg naming them', async () => {
    const res = await s.call<Errors>('POST', '/book', {
      token: s.adminToken,
      body: { author: 'x'.repeat(101), categoryId: fiction, stock: -1, status: 'lost', extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    const paths = res.body.data.errors.map((e) => e.path).sort();
    expect(paths).toEqual(['author', 'extra', 'status', 'stock', 'title']);
    expect(res.body.data.errors.find((e) => e.path === 'title')?.message).toBe('required');
    // Beside each English message, a code with parameters that the console translates.
    expect(Object.fromEntries(res.body.data.errors.map(({ path, code, params }) => [path, { code, params }]))).toEqual({
      author: { code: 'max_length', params: { max: 100 } },
      extra: { code: 'unknown_field', params: undefined },
      status: { code: 'one_of', params: { values: 'on_shelf, off_shelf' } },
      stock: { code: 'non_negative', params: undefined },
      title: { code: 'required', params: undefined },
    });
    expect(res.body.msg).toMatch(/^Invalid input: /);
    expect(res.body.msg).toContain('title: required');
  });

  it('checks the ISBN check digit (400 naming isbn) and accepts ISBN-10 with X, kept as its ISBN-13', async () => {
    const bad = await s.call<Errors>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ isbn: '9780441172718', categoryId: fiction }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map(({ path, code }) => ({ path, code }))).toEqual([{ path: 'isbn', code: 'isbn' }]);
    const ten = await s.call<Book>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ isbn: '0-8044-2957-x', categoryId: fiction }),
    });
    expect(ten.status).toBe(201);
    expect(ten.body.data.isbn).toBe('9780804429573');
  });

  it('knows one book under its ISBN-10 and its ISBN-13: either form of a stored ISBN is a duplicate', async () => {
    const thirteen = await createBook(s, { categoryId: fiction, isbn: '9780306406157' });
    for (const isbn of ['0306406152', '0-306-40615-2']) {
      const dup = await s.call<Errors>('POST', '/book', {
        token: s.adminToken,
        body: bookInput({ isbn, categoryId: fiction }),
      });
      expect(dup.status).toBe(409);
      expect(dup.body.data.errors[0]).toMatchObject({ path: 'isbn', code: 'taken' });
    }
    // And the other way round, also on an edit.
    const ten = await s.call<Book>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ isbn: '0-201-63361-2', categoryId: fiction }),
    });
    expect(ten.status).toBe(201);
    const edit = await s.call<Errors>('PUT', '/book', {
      token: s.adminToken,
      body: {
        ...bookInput({ categoryId: fiction, isbn: ten.body.data.isbn }),
        id: thirteen.id,
        version: thirteen.version,
      },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.data.errors[0]?.path).toBe('isbn');
  });

  it('refuses a duplicate ISBN with 409 naming isbn, but allows many books without one', async () => {
    const dup = await s.call<Errors>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ isbn: '9780441172719', categoryId: fiction }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors[0]?.path).toBe('isbn');
    await createBook(s, { categoryId: fiction, isbn: '' });
    await createBook(s, { categoryId: fiction, isbn: null });
  });

  it('requires an existing category and a subclass of that category', async () => {
    const noCat = await s.call<Errors>('POST', '/book', { token: s.adminToken, body: bookInput({ categoryId: 9999 }) });
    expect(noCat.status).toBe(400);
    expect(noCat.body.data.errors).toEqual([{ path: 'categoryId', message: 'no such category' }]);
    const wrongSub = await s.call<Errors>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ categoryId: fiction, subclassId: physics }),
    });
    expect(wrongSub.status).toBe(400);
    expect(wrongSub.body.data.errors[0]?.path).toBe('subclassId');
    const noSub = await s.call<Errors>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ categoryId: fiction, subclassId: 9999 }),
    });
    expect(noSub.body.data.errors[0]?.path).toBe('subclassId');
  });

  it('updates with version + 1, accepts the echoed record, and refuses a stale version', async () => {
    const created = (
      await s.call<Book>('POST', '/book', {
        token: s.adminToken,
        body: bookInput({ title: 'Draft', categoryId: fiction }),
      })
    ).body.data;
    // The client may send back the whole record it got, joined names and timestamps included.
    const upd = await s.call<Book>('PUT', '/book', {
      token: s.adminToken,
      body: { ...created, title: 'Final', categoryId: science, subclassId: physics },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({
      title: 'Final',
      version: 1,
      categoryName: 'Science',
      subclassName: 'Physics',
    });
    expect(upd.body.data.createdAt).toBe(created.createdAt);
    const stale = await s.call<{ current: Book }>('PUT', '/book', {
      token: s.adminToken,
      body: { ...created, title: 'Lost update' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('This record was changed by someone else (version 1, yours 0)');
    // The record as it is now comes along, so the console can compare without another request.
    expect(stale.body.data.current).toMatchObject({ id: created.id, version: 1, title: 'Final' });
    const unchanged = (await page({ keyword: 'Final' })).body.data.items[0];
    expect(unchanged?.title).toBe('Final');
  });

  it('deletes a book, then answers 404', async () => {
    const { id } = await createBook(s, { title: 'Doomed', categoryId: fiction });
    const del = await s.call('DELETE', `/book/${id}`, { token: s.adminToken });
    expect(del.body).toEqual({ code: 20000, msg: 'ok', data: null });
    const again = await s.call('DELETE', `/book/${id}`, { token: s.adminToken });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(40400);
  });

  it('answers 400 naming "id" for negative, fractional or non-numeric ids', async () => {
    for (const id of ['-1', '0', '1.5', 'abc', '1e3', '99999999999999999999']) {
      const res = await s.call<Errors>('DELETE', `/book/${id}`, { token: s.adminToken });
      expect(res.status, id).toBe(400);
      expect(res.body.data.errors[0]?.path).toBe('id');
    }
    const body = await s.call<Errors>('PUT', '/book', {
      token: s.adminToken,
      body: { ...bookInput({ categoryId: fiction }), id: -4, version: 0 },
    });
    expect(body.status).toBe(400);
    expect(body.body.data.errors[0]?.path).toBe('id');
  });
});

describe('book paging', () => {
  let shelf: number;
  beforeAll(async () => {
    shelf = await createCategory(s, 'Shelf');
    for (let i = 1; i <= 25; i++) {
      await createBook(s, {
        title: `Shelf book ${String(i).padStart(2, '0')}`,
        author: i % 2 ? 'Odd Author' : 'Even Author',
        categoryId: shelf,
        stock: i % 5,
        status: i <= 20 ? 'on_shelf' : 'off_shelf',
      });
    }
  });

  it('pages with total, pageNum and pageSize', async () => {
    const p3 = await page({ categoryId: shelf, pageNum: 3, pageSize: 10 });
    expect(p3.body.data).toMatchObject({ total: 25, pageNum: 3, pageSize: 10 });
    expect(p3.body.data.items).toHaveLength(5);
    const beyond = await page({ categoryId: shelf, pageNum: 9, pageSize: 10 });
    expect(beyond.body.data).toMatchObject({ items: [], total: 25 });
  });

  it('defaults to newest first', async () => {
    const first = (await page({ categoryId: shelf, pageSize: 1 })).body.data.items[0];
    expect(first?.title).toBe('Shelf book 25');
  });

  it('sorts ascending and descending, ties broken by id in the same direction', async () => {
    const asc = await titles({ categoryId: shelf, sort: 'title', order: 'asc' });
    expect(asc[0]).toBe('Shelf book 01');
    expect(asc).toEqual([...asc].sort());
    expect(await titles({ categoryId: shelf, sort: 'title', order: 'desc' })).toEqual([...asc].reverse());
    const byStock = (await page({ categoryId: shelf, sort: 'stock', order: 'asc' })).body.data.items;
    for (let i = 1; i < byStock.length; i++) {
      const [a, b] = [byStock[i - 1] as Book, byStock[i] as Book];
      expect(a.stock < b.stock || (a.stock === b.stock && a.id < b.id)).toBe(true);
    }
  });

  it('rejects unknown sort fields and page sizes outside 1..100', async () => {
    for (const body of [
      { sort: 'password' },
      { pageSize: 0 },
      { pageSize: 101 },
      { pageNum: 0 },
      { order: 'sideways' },
    ]) {
      const res = await s.call<Errors>('POST', '/book/page', {
        token: s.adminToken,
        body: { pageNum: 1, pageSize: 10, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.errors[0]?.path).toBe(Object.keys(body)[0]);
    }
  });

  it('filters by category, subclass and status', async () => {
    expect((await page({ categoryId: shelf, status: 'off_shelf' })).body.data.total).toBe(5);
    expect(await titles({ subclassId: physics })).toEqual(['Final']);
    expect(await titles({ categoryId: science })).toEqual(['Final']);
  });

  it('searches title, author, ISBN and publisher', async () => {
    expect((await page({ keyword: 'even author' })).body.data.total).toBe(12);
    expect(await titles({ keyword: '441172719' })).toEqual(['Dune']);
    expect(await titles({ keyword: 'chilton' })).toEqual(['Dune']);
    expect(await titles({ keyword: 'dUnE' })).toEqual(['Dune']);
  });

  it('treats SQL and HTML metacharacters in a keyword as plain text', async () => {
    const nasty = `%_'"; DROP TABLE book;--<script>`;
    await createBook(s, { title: `Weird ${nasty} title`, categoryId: fiction });
    await createBook(s, { title: '100% pure', categoryId: fiction });
    await createBook(s, { title: 'snake_case', categoryId: fiction });
    await createBook(s, { title: 'back\\slash', categoryId: fiction });
    expect(await titles({ keyword: nasty })).toEqual([`Weird ${nasty} title`]);
    // Newest first: only titles that really contain the character.
    expect(await titles({ keyword: '%' })).toEqual(['100% pure', `Weird ${nasty} title`]);
    expect(await titles({ keyword: '_' })).toEqual(['snake_case', `Weird ${nasty} title`]);
    expect(await titles({ keyword: '\\' })).toEqual(['back\\slash']);
    expect(await titles({ keyword: "'" })).toEqual([`Weird ${nasty} title`]);
    // The table is intact.
    expect((await page({})).body.data.total).toBeGreaterThan(25);
  });
});

describe('book export', () => {
  it('streams every row of the current filter as CSV, across pages', async () => {
    const res = await fetch(`${s.url}/prod-api/book/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
      body: JSON.stringify({ keyword: 'Shelf book', sort: 'title', order: 'asc' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="book-\d{4}-\d\d-\d\d\.csv"/);
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['id', 'title', 'author']);
    expect(lines[1]).toContain('Shelf book 01');
  });
});

describe('GET /system/info', () => {
  it('reports version, uptime, database kind and counts per resource', async () => {
    const res = await s.call<SystemInfo>('GET', '/system/info', { token: s.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: 'test', database: TEST_ENGINE });
    expect(res.body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const bookCount = (await page({})).body.data.total;
    expect(res.body.data.counts).toMatchObject({ book: bookCount, category: 3, subclass: 2, staff: 1 });
  });
});
