import { beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../src/resources/book/schema';
import { pageOf } from '../helpers/crud';
import { createBook, createCategory, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let category: number;
const books: { title: string; author: string; publisher?: string }[] = [
  { title: 'The Harbour Lights', author: 'Anna Okafor' },
  { title: 'HARBOUR at dusk', author: 'Wei Zhang', publisher: 'Harbourside Press' },
  { title: 'Ünïcode Stories', author: 'Élodie Brun' },
  { title: 'ünïcode lower', author: 'Marek Novak' },
  { title: 'Quotes "inside" here', author: "O'Brien" },
  { title: '50% off_sale', author: 'Sato' },
  { title: 'Mountain', author: 'Harold Bourne' },
];
beforeAll(async () => {
  category = await createCategory(s, 'Search');
  for (const b of books) await createBook(s, { ...b, categoryId: category });
});

/** What a plain scan finds: a substring of title/author/isbn/publisher, ASCII case folded (LIKE). */
const asciiLower = (t: string) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());
const expected = (kw: string) =>
  books
    .filter((b) => [b.title, b.author, b.publisher ?? ''].some((f) => asciiLower(f).includes(asciiLower(kw))))
    .map((b) => b.title)
    .sort();
const found = async (keyword: string) =>
  (await pageOf<Book>(s, 'book', { keyword, categoryId: category })).body.data.items.map((b) => b.title).sort();

describe('book keyword search through the full-text index', () => {
  it.each(['harbour', 'HARB', 'ar', 'ünï', 'ÜNÏ', 'Ünï', '"inside"', "o'b", '% off_', 'n b', 'zzz', 'a'])(
    'finds exactly what a plain scan finds: %s',
    async (kw) => {
      expect(await found(kw)).toEqual(expected(kw));
    },
  );

  it('follows updates and deletes of books', async () => {
    const b = await createBook(s, { title: 'Lighthouse keeper', categoryId: category });
    expect(await found('lighthouse')).toEqual(['Lighthouse keeper']);
    const full = (await pageOf<Book>(s, 'book', { keyword: 'lighthouse' })).body.data.items[0] as Book;
    await s.call('PUT', '/book', { token: s.adminToken, body: { ...full, title: 'Lamp keeper' } });
    expect(await found('lighthouse')).toEqual([]);
    expect(await found('lamp keep')).toEqual(['Lamp keeper']);
    await s.call('DELETE', `/book/${b.id}`, { token: s.adminToken });
    expect(await found('lamp keep')).toEqual([]);
  });

  it('pages and counts keyword results like any other filter', async () => {
    const p = await pageOf<Book>(s, 'book', {
      keyword: 'harbour',
      pageSize: 1,
      pageNum: 2,
      sort: 'title',
      order: 'asc',
    });
    expect(p.body.data.total).toBe(2);
    expect(p.body.data.items.map((b) => b.title)).toEqual(['The Harbour Lights']);
  });
});
