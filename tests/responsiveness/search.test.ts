import { beforeAll, describe, expect, it } from 'vitest';
import { expectResponsive, post, serverForFile, underPoll } from './harness';

/**
 * The worst 100-character keywords (the contract's limit) over a few thousand books whose titles
 * are near misses for them, and over an audit log of long texts, while /healthz is polled. On
 * SQLite the query runs on the event loop, so its whole cost is a stall.
 */
const srv = serverForFile();

const BOOKS = 6000;
const NEWS = 20;
// Titles that near-miss the keywords below: long runs of one letter, repeats, CJK, wildcards.
const titleOf = (i: number) =>
  [
    `${'a'.repeat(199)}c`,
    `${'a'.repeat(98)}b${'a'.repeat(98)}b`,
    '书'.repeat(200),
    '%_'.repeat(100),
    `${'ab'.repeat(99)}ac`,
    `Book ${i} of the quiet harbour`,
  ][i % 6] as string;

const KEYWORDS: [string, string][] = [
  ['a×99 then b', `${'a'.repeat(99)}b`],
  ['a×100', 'a'.repeat(100)],
  ['%_ ×50', '%_'.repeat(50)],
  ['书×100', '书'.repeat(100)],
  ['quotes ×100', '"'.repeat(100)],
  ['ab×50', 'ab'.repeat(50)],
  ['aa% ×33', 'aa%'.repeat(33)],
  ['backslashes ×100', '\\'.repeat(100)],
  ['FTS syntax', `${'a OR b* NEAR('.repeat(7)}`.slice(0, 100)],
  ['emoji ×50', '😀'.repeat(50)],
];

beforeAll(async () => {
  const cat = await fetch(`${srv.url}/prod-api/category`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': srv.token },
    body: JSON.stringify({ name: 'Near misses', sort: 1 }),
  });
  const categoryId = ((await cat.json()) as { data: { id: number } }).data.id;
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const rows = Array.from(
    { length: BOOKS },
    (_, i) => `${quote(titleOf(i))},${'a'.repeat(100)},,${categoryId},,,1,on_shelf`,
  );
  const form = new FormData();
  const csv = ['title,author,isbn,categoryId,categoryName,subclassName,stock,status', ...rows].join('\r\n');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'books.csv');
  const imported = await fetch(`${srv.url}/prod-api/book/import`, {
    method: 'POST',
    headers: { 'x-token': srv.token },
    body: form,
  });
  expect(imported.status, await imported.clone().text()).toBe(201);
  // Long news articles: each one's audit entry holds its 100,000-character content.
  for (let i = 0; i < NEWS; i++) {
    const res = await fetch(`${srv.url}/prod-api/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': srv.token },
      body: JSON.stringify({ title: `Long ${i}`, content: 'a'.repeat(100_000), status: 'draft' }),
    });
    expect(res.status).toBe(201);
  }
}, 120_000);

describe('keyword search', () => {
  it.each(KEYWORDS)('the books list: %s', async (what, keyword) => {
    const p = await underPoll(srv.url, post(srv.url, '/prod-api/book/page', { keyword, pageSize: 10 }, srv.token));
    expectResponsive(p, what, 200);
  });

  it.each(KEYWORDS)('the audit log: %s', async (what, keyword) => {
    const p = await underPoll(srv.url, post(srv.url, '/prod-api/audit/page', { keyword, pageSize: 10 }, srv.token));
    expectResponsive(p, what, 200);
  });

  it.each(KEYWORDS)('the news list: %s', async (what, keyword) => {
    const p = await underPoll(srv.url, post(srv.url, '/prod-api/news/page', { keyword, pageSize: 10 }, srv.token));
    expectResponsive(p, what, 200);
  });

  it('still finds what the keyword names', async () => {
    const res = await fetch(`${srv.url}/prod-api/book/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': srv.token },
      body: JSON.stringify({ keyword: `A${'a'.repeat(97)}B`, pageSize: 1 }),
    });
    expect(((await res.json()) as { data: { total: number } }).data.total).toBe(BOOKS / 6);
  });
});
