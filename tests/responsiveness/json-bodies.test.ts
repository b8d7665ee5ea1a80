import { describe, expect, it } from 'vitest';
import { deepArrays, deepObjects, expectResponsive, post, serverForFile, underPoll } from './harness';

/**
 * The worst JSON bodies within the 1 MiB limit, sent to the sign-in (no token) and to routes that
 * need one, while /healthz is polled: deep, wide, long and many-error bodies.
 */
const srv = serverForFile();

const MiB = 1024 * 1024;
// Within the limit, with room for the framing of each shape.
const wideObject = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
const manyStrings = (n: number) => JSON.stringify(Array.from({ length: n }, () => 'x'));
const longString = JSON.stringify({ userName: 'admin', password: 'p'.repeat(MiB - 100) });
// Lone surrogates: each one is reported, and walking to each must not cost a copy of its path.
const surrogates = `[${Array.from({ length: 100_000 }, () => '"\\ud800"').join(',')}]`;

const HOSTILE: [string, string][] = [
  ['100,000 nested arrays (200 KB)', deepArrays(100_000)],
  ['500,000 nested arrays (1 MB)', deepArrays(MiB / 2 - 10)],
  ['60,000 nested objects', deepObjects(60_000)],
  ['64 nested arrays, then a wide one', `${'['.repeat(63)}${'0,'.repeat(MiB / 4)}0${']'.repeat(63)}`],
  ['an object of 90,000 keys', wideObject(90_000)],
  ['an array of 200,000 strings', manyStrings(200_000)],
  ['a 1 MiB password', longString],
  ['100,000 lone surrogates', surrogates],
  ['unclosed brackets', '['.repeat(MiB - 10)],
  ['quotes and backslashes', `"${'\\\\'.repeat(MiB / 2 - 10)}"`],
];

describe('JSON bodies', () => {
  it.each(HOSTILE)('sign-in, no token: %s', async (what, body) => {
    expectResponsive(await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', body)), what, [400, 401]);
  });

  it('refuses over-deep JSON with a field code, and takes 64 levels', async () => {
    const deep = await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', deepArrays(65)));
    expectResponsive(deep, '65 levels', 400);
    const json = JSON.parse(deep.body) as { data: { errors: { path: string; code: string; params: unknown }[] } };
    expect(json.data.errors).toEqual([
      { path: 'body', message: 'nests deeper than 64 levels', code: 'max_depth', params: { max: 64 } },
    ]);
    // 64 levels parse: the sign-in then refuses the shape, not the depth.
    const ok = await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', deepArrays(64)));
    expect(ok.status).toBe(400);
    expect(ok.body).not.toContain('max_depth');
  });

  it('refuses an object of more than 1,000 fields, and takes 1,000', async () => {
    const wide = await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', wideObject(1001)));
    expectResponsive(wide, '1,001 fields', 400);
    expect(wide.body).toContain('"code":"max_items"');
    const ok = await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', wideObject(1000)));
    expect(ok.body).not.toContain('max_items');
  });

  it.each(HOSTILE)('a list page, with a token: %s', async (what, body) => {
    expectResponsive(await underPoll(srv.url, post(srv.url, '/prod-api/book/page', body, srv.token)), what, 400);
  });

  it.each(HOSTILE)('a new book, with a token: %s', async (what, body) => {
    expectResponsive(await underPoll(srv.url, post(srv.url, '/prod-api/book', body, srv.token)), what, 400);
  });

  it('many errors in one body: 200,000 bad ids, 90,000 unknown fields', async () => {
    const ids = JSON.stringify({ ids: Array.from({ length: 200_000 }, () => 'x'), set: { stock: 1 } });
    const badIds = await underPoll(srv.url, post(srv.url, '/prod-api/book/batch', ids, srv.token));
    expectResponsive(badIds, 'batch with 200,000 bad ids', 400);
    expect(badIds.body.length).toBeLessThan(64 * 1024);
    const unknown = await underPoll(srv.url, post(srv.url, '/prod-api/book', wideObject(90_000), srv.token));
    expectResponsive(unknown, 'a book with 90,000 unknown fields', 400);
    expect(unknown.body.length).toBeLessThan(64 * 1024);
  });
});
