import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, ImportRowError } from '../../../src/contract/import';
import type { Book } from '../../../src/resources/book/schema';
import type { Reader } from '../../../src/resources/reader/schema';
import { auditActions, pageOf } from '../helpers/crud';
import {
  createBook,
  createCategory,
  createShelves,
  createSubclass,
  startTestServer,
  type TestServer,
  testServerForFile,
} from '../helpers/test-server';

/**
 * CSV import on the one machinery (src/server/crud/import.ts): dry run and commit, all or nothing, the
 * form's rules per row, unique values within the file and against the database, the limits, the
 * encoding, and an export that goes back in unchanged.
 */
const s = testServerForFile();
let fiction: number;
let poetry: number;
let novels: number;
let haiku: number;

beforeAll(async () => {
  [[fiction, novels], [poetry, haiku]] = await createShelves(s, ['Fiction', 'Novels'], ['Poetry', 'Haiku']);
});

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };

async function importCsv<T = ImportReport>(
  server: TestServer,
  path: string,
  content: string | Uint8Array,
  dryRun = false,
): Promise<Answer<T>> {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'import.csv');
  const res = await fetch(`${server.url}/prod-api/${path}/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: form,
    headers: { 'X-Token': server.adminToken },
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

const bookCount = async (server: TestServer) => (await pageOf(server, 'book', { pageSize: 1 })).body.data.total;
const HEADER = 'title,author,isbn,categoryId,categoryName,subclassName,stock,status';
const errorsOf = (a: Answer<unknown>) => (a.body.data as { errors: (ImportRowError & { path?: string })[] }).errors;

describe('book import', () => {
  it('a dry run reports every row and writes nothing; the import then creates them with audit rows', async () => {
    const csv = [
      HEADER,
      `Dry One,Ann,,${fiction},,Novels,3,on_shelf`,
      // By name, in the id column and in the name column; ISBN-10 becomes ISBN-13.
      'Dry Two,Bo,0306406152,Poetry,,Haiku,1,off_shelf',
      `Dry Three,Cy,,,Fiction,,0,on_shelf`,
    ].join('\r\n');
    const before = await bookCount(s);
    const dry = await importCsv(s, 'book', csv, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 3, valid: 3, invalid: 0, errors: [] });
    expect(dry.body.data.preview?.[0]).toMatchObject({ row: 2, title: 'Dry One' });
    expect(await bookCount(s)).toBe(before);

    const done = await importCsv<{ created: number }>(s, 'book', csv);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data).toEqual({ created: 3 });
    const items = (await pageOf<Book>(s, 'book', { keyword: 'Dry', sort: 'title', order: 'asc' })).body.data.items;
    expect(items.map((b) => [b.title, b.categoryId, b.subclassId, b.isbn, b.stock, b.status])).toEqual([
      ['Dry One', fiction, novels, null, 3, 'on_shelf'],
      ['Dry Three', fiction, null, null, 0, 'on_shelf'],
      ['Dry Two', poetry, haiku, '9780306406157', 1, 'off_shelf'],
    ]);
    for (const b of items) expect(await auditActions(s, 'book', b.id)).toEqual(['create']);
  });

  it('refuses the whole file when any row is invalid, naming row, field and code; nothing is written', async () => {
    const csv = [
      HEADER,
      `Good,Ann,,${fiction},,,1,on_shelf`,
      `Bad ISBN,Ann,9780306406158,${fiction},,,1,on_shelf`,
      `,No title,,${fiction},,,1,on_shelf`,
      `Bad stock,Ann,,${fiction},,,abc,on_shelf`,
      'Bad category,Ann,,,Nonesuch,,1,on_shelf',
      `Bad subclass,Ann,,${fiction},,Haiku,1,on_shelf`,
      `Bad status,Ann,,${fiction},,,1,lost`,
      `Short row,Ann`,
    ].join('\n');
    const before = await bookCount(s);
    for (const dryRun of [true, false]) {
      const res = await importCsv(s, 'book', csv, dryRun);
      expect(res.status).toBe(dryRun ? 200 : 400);
      expect(res.body.code).toBe(dryRun ? 20000 : 40000);
      expect(res.body.data).toMatchObject({ total: 8, valid: 1, invalid: 7 });
      expect(errorsOf(res).map((e) => [e.row, e.field, e.code])).toEqual([
        [3, 'isbn', 'invalid'],
        [4, 'title', 'invalid'],
        [5, 'stock', 'invalid'],
        [6, 'categoryId', 'not_found'],
        [7, 'subclassId', 'not_found'],
        [8, 'status', 'invalid'],
        [9, 'row', 'cell_count'],
      ]);
      // The contract's own words, and the field code the console words them from.
      expect(errorsOf(res)[0]?.message).toBe('must be an ISBN-10 or ISBN-13 with a valid check digit');
      expect(errorsOf(res)[0]?.params).toEqual({ reason: 'isbn' });
      expect(errorsOf(res)[2]?.params).toEqual({ reason: 'number' });
    }
    expect(await bookCount(s)).toBe(before);
  });

  it('finds duplicate ISBNs within the file (ISBN-10 and -13 of one book) and against the database', async () => {
    await createBook(s, { title: 'Already here', isbn: '9780262033848', categoryId: fiction });
    const csv = [
      HEADER,
      `First,Ann,0-13-110362-8,${fiction},,,1,on_shelf`,
      `Same book as 13,Ann,978-0-13-110362-7,${fiction},,,1,on_shelf`,
      `In the database,Ann,9780262033848,${fiction},,,1,on_shelf`,
    ].join('\n');
    const res = await importCsv(s, 'book', csv);
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([
      expect.objectContaining({
        row: 3,
        field: 'isbn',
        code: 'duplicate_in_file',
        params: { value: '9780131103627', row: 2 },
      }),
      expect.objectContaining({ row: 4, field: 'isbn', code: 'duplicate', params: { value: '9780262033848' } }),
    ]);
    expect((await pageOf(s, 'book', { keyword: 'Same book' })).body.data.total).toBe(0);
  });

  it('takes 10,000 rows in one transaction and refuses 10,001', async () => {
    const rows = (n: number, tag: string) =>
      [HEADER, ...Array.from({ length: n }, (_, i) => `${tag} ${i},Bulk,,${fiction},,,1,on_shelf`)].join('\n');
    const t0 = Date.now();
    const dry = await importCsv(s, 'book', rows(10_000, 'Ten'), true);
    const t1 = Date.now();
    expect(dry.body.data).toMatchObject({ total: 10_000, valid: 10_000, invalid: 0 });
    const done = await importCsv<{ created: number }>(s, 'book', rows(10_000, 'Ten'));
    const t2 = Date.now();
    expect(done.body.data).toEqual({ created: 10_000 });
    console.info(`10,000 books: dry run ${t1 - t0} ms, import ${t2 - t1} ms`);
    const audited = await s.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('resource', '=', 'book')
      .where('record_title', 'like', 'Ten %')
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(10_000);

    const before = await bookCount(s);
    const over = await importCsv(s, 'book', rows(10_001, 'Eleven'));
    expect(over.status).toBe(400);
    expect(errorsOf(over)).toEqual([expect.objectContaining({ path: 'file', code: 'too_many_rows' })]);
    expect(await bookCount(s)).toBe(before);
  }, 120_000);

  it('refuses a file over 5 MiB with 413', async () => {
    const line = `${'x'.repeat(180)},Big,,${fiction},,,1,on_shelf\n`;
    const big = `${HEADER}\n${line.repeat(Math.ceil((5 * 1024 * 1024) / line.length) + 1)}`;
    const res = await importCsv(s, 'book', big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(41300);
  });

  it('reads UTF-8 with or without a BOM; refuses UTF-16 and Latin-1 with a clear error', async () => {
    const text = `${HEADER}\nCafé 中文,Zoë,,${fiction},,,1,on_shelf\n`;
    const withBom = await importCsv(s, 'book', `\ufeff${text}`, true);
    expect(withBom.body.data).toMatchObject({ valid: 1, invalid: 0 });
    expect(withBom.body.data.preview?.[0]).toMatchObject({ title: 'Café 中文' });

    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    const u16 = await importCsv(s, 'book', utf16, true);
    expect(u16.status).toBe(400);
    expect(errorsOf(u16)).toEqual([expect.objectContaining({ path: 'file', code: 'utf16' })]);
    // UTF-16 without a BOM.
    const u16bare = await importCsv(s, 'book', utf16.slice(2), true);
    expect(errorsOf(u16bare)).toEqual([expect.objectContaining({ path: 'file', code: 'utf16' })]);

    const latin1 = Uint8Array.from(`${HEADER}\nCaf\u00e9,Zo\u00eb,,${fiction},,,1,on_shelf\n`, (ch) =>
      ch.charCodeAt(0),
    );
    const l1 = await importCsv(s, 'book', latin1, true);
    expect(l1.status).toBe(400);
    expect(errorsOf(l1)).toEqual([expect.objectContaining({ path: 'file', code: 'not_utf8' })]);
  });

  it('names unknown, repeated and missing columns, and refuses a file without rows', async () => {
    const cases: [string, string][] = [
      ['title,author,colour,categoryId,stock,status\nA,B,red,1,1,on_shelf', 'unknown_column'],
      ['title,Title,author,categoryId,stock,status\nA,A,B,1,1,on_shelf', 'duplicate_column'],
      ['title,author,stock,status\nA,B,1,on_shelf', 'missing_column'],
      [HEADER, 'empty'],
      ['', 'empty'],
      [`${HEADER}\n"unclosed,Ann,,1,,,1,on_shelf`, 'malformed'],
    ];
    for (const [csv, code] of cases) {
      const res = await importCsv(s, 'book', csv, true);
      expect(res.status, csv).toBe(400);
      expect(errorsOf(res), csv).toEqual([expect.objectContaining({ path: 'file', code })]);
    }
    const form = new FormData();
    form.append('other', 'x');
    const none = await fetch(`${s.url}/prod-api/book/import`, {
      method: 'POST',
      body: form,
      headers: { 'X-Token': s.adminToken },
    });
    expect(none.status).toBe(400);
  });

  it('round-trips an export into an empty database whose category ids differ', async () => {
    const t = await startTestServer();
    try {
      // Created in another order: every id differs from the source's.
      const tPoetry = await createCategory(t, 'Poetry');
      const tFiction = await createCategory(t, 'Fiction');
      await createSubclass(t, tPoetry, 'Haiku');
      await createSubclass(t, tFiction, 'Novels');
      const tricky = [
        { title: '=SUM(1,2)', author: '+Formula', summary: 'Line one\nline two, with "quotes"' },
        {
          title: '红楼梦',
          author: '曹雪芹',
          isbn: '9787020002207',
          publisher: '人民文学出版社',
          publishDate: '1982-03-01',
        },
        { title: 'With subclass', author: '@handle', subclassId: novels, coverUrl: 'https://example.com/c.png' },
        { title: 'Off shelf', author: '-dash', status: 'off_shelf', stock: 0, categoryId: poetry, subclassId: haiku },
      ];
      for (const b of tricky) await createBook(s, { categoryId: fiction, ...b, title: `RT ${b.title}` });
      // The trick titles start with the prefix; give one a leading = for real.
      await createBook(s, { title: '=HYPERLINK("x")', author: 'RT injector', categoryId: fiction });
      const exported = await fetch(`${s.url}/prod-api/book/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
        body: JSON.stringify({ keyword: 'RT ' }),
      });
      const csv = await exported.text();
      expect(csv).toContain(`'=HYPERLINK`);
      const res = await importCsv<{ created: number }>(t, 'book', csv);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.created).toBe(5);
      const comparable = (b: Book) => {
        const { id: _i, version: _v, createdAt: _c, updatedAt: _u, categoryId: _ci, subclassId: _si, ...rest } = b;
        return rest;
      };
      const source = (await pageOf<Book>(s, 'book', { keyword: 'RT ', sort: 'title' })).body.data.items;
      const copy = (await pageOf<Book>(t, 'book', { keyword: 'RT ', sort: 'title' })).body.data.items;
      expect(copy.map(comparable)).toEqual(source.map(comparable));
      expect(copy.find((b) => b.author === 'RT injector')?.title).toBe('=HYPERLINK("x")');
    } finally {
      await t.close();
    }
  });
});

describe('reader import', () => {
  it('validates phones (unique within the file and the database) and round-trips an export', async () => {
    const header = 'nickName,phone,email,gender,status';
    const bad = await importCsv(
      s,
      'users',
      `${header}\nMei,13800000001,,female,active\nLi,13800000001,,,active\nBo,not-a-phone,bo@,x,gone\n`,
      true,
    );
    expect(bad.body.data).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    expect(errorsOf(bad).map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'phone', 'duplicate_in_file'],
      [4, 'phone', 'invalid'],
      [4, 'email', 'invalid'],
      [4, 'gender', 'invalid'],
      [4, 'status', 'invalid'],
    ]);
    const ok = await importCsv<{ created: number }>(
      s,
      'users',
      `${header}\nMei,13800000001,mei@example.com,female,active\n`,
    );
    expect(ok.body.data).toEqual({ created: 1 });
    const again = await importCsv(s, 'users', `${header}\nMei again,13800000001,,,active\n`);
    expect(errorsOf(again)).toEqual([expect.objectContaining({ row: 2, field: 'phone', code: 'duplicate' })]);

    const t = await startTestServer();
    try {
      const exported = await fetch(`${s.url}/prod-api/users/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
        body: JSON.stringify({}),
      });
      const res = await importCsv<{ created: number }>(t, 'users', await exported.text());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const strip = ({ id: _i, version: _v, createdAt: _c, updatedAt: _u, ...rest }: Reader) => rest;
      const source = (await pageOf<Reader>(s, 'users', { sort: 'phone' })).body.data.items.map(strip);
      const copy = (await pageOf<Reader>(t, 'users', { sort: 'phone' })).body.data.items.map(strip);
      expect(copy).toEqual(source);
    } finally {
      await t.close();
    }
  });
});
