import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { Book } from '../../../src/resources/book/schema';
import { type Errors, pageOf } from '../helpers/crud';
import { bookInput, createBook, createCategory, type TestServer } from '../helpers/test-server';
import { credential, rpc, startVodServer } from '../vod/helpers';

/**
 * Input at the edge: a NUL (U+0000) or an unpaired surrogate is refused with 400/40000 naming the
 * field, wherever the API reads text (JSON bodies, query parameters, multipart forms, the VOD RPC),
 * and no keyword can make a list or an export fail.
 */
let s: TestServer;
let categoryId: number;
beforeAll(async () => {
  s = await startVodServer();
  categoryId = await createCategory(s, 'Edge cases');
  await createBook(s, { title: 'Plain title', author: 'Someone', categoryId });
  await createBook(s, { title: 'Odd "quotes" 100%_% \\ path', author: 'Someone', categoryId });
});
afterAll(() => s.close());

const NUL = 'must not contain NUL characters (U+0000)';
const SURROGATE = 'must be valid Unicode text (it contains an unpaired surrogate)';

async function raw(method: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/prod-api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken, ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Errors } };
}

describe('JSON bodies', () => {
  it('refuses a NUL in the book keyword with 400 naming keyword, for the list and the export alike', async () => {
    for (const path of ['/book/page', '/book/export']) {
      const res = await s.call<Errors>('POST', path, { token: s.adminToken, body: { keyword: 'abc\u0000def' } });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.data.errors).toEqual([{ path: 'keyword', message: NUL }]);
    }
  });

  it('refuses a lone surrogate (written as a JSON escape) and stores nothing', async () => {
    const res = await raw(
      'POST',
      '/book',
      JSON.stringify(bookInput({ categoryId })).replace('A Book', 'A \\ud800Book'),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ path: 'title', message: SURROGATE }]);
    const low = await raw('POST', '/book', JSON.stringify(bookInput({ categoryId })).replace('An Author', 'x\\udc00'));
    expect(low.body.data.errors).toEqual([{ path: 'author', message: SURROGATE }]);
    // A well-formed pair (an emoji) is text like any other.
    const ok = await raw('POST', '/book', JSON.stringify(bookInput({ categoryId, title: 'Emoji \ud83d\udcda' })));
    expect(ok.status).toBe(201);
    const page = await pageOf<Book>(s, 'book', {});
    expect(page.body.data.items.map((b) => b.title)).toEqual([
      'Emoji 📚',
      'Odd "quotes" 100%_% \\ path',
      'Plain title',
    ]);
  });

  it('names nested fields and field names', async () => {
    const nested = await s.call<Errors>('PUT', '/url', {
      token: s.adminToken,
      body: [
        { name: 'Fine', url: 'https://example.com', sort: 0 },
        { name: 'Bad\u0000', url: 'https://example.org', sort: 1 },
      ],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.data.errors).toEqual([{ path: '1.name', message: NUL }]);
    const key = await raw('POST', '/book/page', '{"pageNum":1,"key\\u0000word":"x"}');
    expect(key.status).toBe(400);
    expect(key.body.data.errors).toEqual([{ path: 'key\\u0000word', message: `field name ${NUL}` }]);
  });

  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"pageNum":1,"keyword":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const res = await fetch(`${s.url}/prod-api/book/page`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
      body: bytes,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Errors };
    expect(body.data.errors).toEqual([{ path: 'body', message: 'is not valid UTF-8' }]);
  });
});

describe('query parameters', () => {
  it('refuses %00, bad percent-encoding and encoded surrogates naming the parameter', async () => {
    const cases: [string, string, string][] = [
      ['/category/subclass/list?categoryId=1%00', 'categoryId', NUL],
      ['/system/data/list?days=%00', 'days', NUL],
      ['/category/subclass/list?categoryId=%ED%A0%80', 'categoryId', 'is not valid UTF-8 percent-encoding'],
      ['/category/subclass/list?categoryId=%FF', 'categoryId', 'is not valid UTF-8 percent-encoding'],
    ];
    for (const [path, field, message] of cases) {
      const res = await s.call<Errors>('GET', path, { token: s.adminToken });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.data.errors, path).toEqual([{ path: field, message }]);
    }
    // Before the token check: the session endpoints read their query too.
    const info = await s.call<Errors>('GET', '/auth/info?token=abc%00');
    expect([info.status, info.body.data.errors]).toEqual([400, [{ path: 'token', message: NUL }]]);
    const fine = await s.call('GET', `/category/subclass/list?categoryId=${categoryId}`, { token: s.adminToken });
    expect(fine.status).toBe(200);
  });
});

describe('multipart forms', () => {
  it('refuses a NUL in a file name or a text field, naming the field, and stores no image', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const send = async (form: FormData) => {
      const res = await fetch(`${s.url}/prod-api/file/upload/img`, {
        method: 'POST',
        headers: { 'X-Token': s.adminToken },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { code: number; data: Errors } };
    };
    const named = new FormData();
    named.append('file', new Blob([png], { type: 'image/png' }), 'cover\u0000.png');
    const a = await send(named);
    expect(a.status).toBe(400);
    expect(a.body.data.errors).toEqual([{ path: 'file', message: `file name ${NUL}` }]);
    const field = new FormData();
    field.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
    field.append('note', 'hello\u0000');
    const b = await send(field);
    expect(b.status).toBe(400);
    expect(b.body.data.errors).toEqual([{ path: 'note', message: NUL }]);
    expect((await pageOf(s, 'image', {})).body.data.total).toBe(0);
  });
});

describe('the video service RPC', () => {
  it('refuses a NUL in a parameter with InvalidParameter naming it', async () => {
    const cred = await credential(s);
    const res = await rpc(cred, 'CreateUploadVideo', { Title: 'Bad\u0000title', FileName: 'a.mp4', FileSize: 10 });
    expect(res.status).toBe(400);
    expect(res.body.Code).toBe('InvalidParameter');
    expect(res.body.Message).toContain('"Title"');
    expect(res.body.Message).toContain('NUL');
  });
});

describe('keyword search', () => {
  // Quotes, FTS5 syntax, LIKE wildcards, backslashes, emoji, combining marks, 100 characters.
  const KEYWORDS = [
    '"',
    '""',
    'a"b',
    '"unterminated',
    'NEAR(a b)',
    'title: x',
    'a AND b OR NOT c',
    '* ^ - +',
    '%_%',
    '\\',
    '\\"',
    "o'clock",
    '📚📚📚',
    'e\u0301e\u0301e\u0301',
    '(((',
    '\t\u00a0\u200b',
    'x'.repeat(100),
  ];

  it('never fails, on the list or the export; special characters are matched literally', async () => {
    const odd = new Set(['"', '""', '%_%', '\\', 'a"b'].filter((k) => 'Odd "quotes" 100%_% \\ path'.includes(k)));
    for (const keyword of KEYWORDS) {
      const page = await s.call<Page<Book>>('POST', '/book/page', { token: s.adminToken, body: { keyword } });
      expect(page.status, JSON.stringify(keyword)).toBe(200);
      const titles = page.body.data.items.map((b) => b.title);
      expect(titles, JSON.stringify(keyword)).toEqual(odd.has(keyword) ? ['Odd "quotes" 100%_% \\ path'] : []);
      const res = await fetch(`${s.url}/prod-api/book/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
        body: JSON.stringify({ keyword }),
      });
      expect(res.status, JSON.stringify(keyword)).toBe(200);
      // Decoded by hand: Response.text() would drop the BOM.
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      expect(text, JSON.stringify(keyword)).toMatch(/^\ufeffid,title,author,[^\n]*updatedAt\r\n/);
      expect(text.split('\r\n').length - 2, JSON.stringify(keyword)).toBe(titles.length);
    }
  });
});
