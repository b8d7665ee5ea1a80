import { describe, expect, it } from 'vitest';
import { expectResponsive, serverForFile, underPoll } from './harness';

/**
 * The worst multipart and urlencoded bodies within the upload's and the import's limits (5 MiB plus
 * framing), and the worst query strings within Node's header limit, while /healthz is polled.
 */
const srv = serverForFile();

// Just under the upload limit (5 MiB + 64 KiB), with room for the framing of each shape.
const BUDGET = 5 * 1024 * 1024 + 32 * 1024;
const B = 'b';
const fill = (unit: string, head: string, tail: string) =>
  head + unit.repeat(Math.floor((BUDGET - head.length - tail.length) / unit.length)) + tail;
const textPart = (b: string, name: string, value = '') =>
  `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (b: string, name: string, value = '') =>
  `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${value}\r\n`;
const end = (b: string) => `--${b}--\r\n`;
const LONG_BOUNDARY = 'x'.repeat(8000);
const NEAR = 'x'.repeat(69);

/**
 * [what, content type, body]. Urlencoded bodies are not here: both routes refuse any type but
 * multipart before reading the body (readForm's own limit is tested in tests/server/http/forms.test.ts).
 */
const HOSTILE: [string, string, string][] = [
  ['100,000 tiny text parts', `multipart/form-data; boundary=${B}`, fill(textPart(B, 'a'), '', end(B))],
  ['80,000 tiny file parts', `multipart/form-data; boundary=${B}`, fill(filePart(B, 'file'), '', end(B))],
  ['95,000 parts of distinct names', `multipart/form-data; boundary=${B}`, fill(textPart(B, 'ab'), '', end(B))],
  [
    'one part with a 5 MiB header',
    `multipart/form-data; boundary=${B}`,
    fill('x', `--${B}\r\nContent-Disposition: form-data; name="file"; x="`, `"\r\n\r\nv\r\n${end(B)}`),
  ],
  [
    'one part with 650,000 header lines',
    `multipart/form-data; boundary=${B}`,
    fill('X-A: b\r\n', `--${B}\r\nContent-Disposition: form-data; name="file"\r\n`, `\r\nv\r\n${end(B)}`),
  ],
  [
    'an 8,000-character boundary and near misses',
    `multipart/form-data; boundary=${LONG_BOUNDARY}`,
    fill(`\r\n--${'x'.repeat(7999)}y`, filePart(LONG_BOUNDARY, 'file').slice(0, -2), `\r\n${end(LONG_BOUNDARY)}`),
  ],
  [
    'a 70-character boundary and near misses',
    `multipart/form-data; boundary=${NEAR}x`,
    fill(`\r\n--${NEAR}y`, filePart(`${NEAR}x`, 'file').slice(0, -2), `\r\n${end(`${NEAR}x`)}`),
  ],
  ['a one-dash boundary over a run of dashes', 'multipart/form-data; boundary=-', fill('-', filePart('-', 'file'), '')],
  ['a file of CRLF-dashes', `multipart/form-data; boundary=${B}`, fill('\r\n--', filePart(B, 'file'), `\r\n${end(B)}`)],
];

const send = (path: string, contentType: string, body: string, token?: string) => (signal: AbortSignal) =>
  fetch(`${srv.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { 'x-token': token } : {}) },
    body,
    signal,
  });

// Without a token neither route reads the body (the token check answers 401 first).
describe('multipart bodies', () => {
  it.each(HOSTILE)('image upload, with a token: %s', async (what, type, body) => {
    const p = await underPoll(srv.url, send('/prod-api/file/upload/img', type, body, srv.token));
    expectResponsive(p, what, [400, 413, 415]);
  });

  it.each(HOSTILE)('CSV import, with a token: %s', async (what, type, body) => {
    const p = await underPoll(srv.url, send('/prod-api/book/import?dryRun=1', type, body, srv.token));
    expectResponsive(p, what, [400, 413, 415]);
  });

  it('refuses the many-part body by its count, before parsing', async () => {
    const [, type, body] = HOSTILE[0] as [string, string, string];
    const p = await underPoll(srv.url, send('/prod-api/file/upload/img', type, body, srv.token));
    expectResponsive(p, 'many parts', 400);
    expect(JSON.parse(p.body).data.errors).toEqual([
      { path: 'body', message: 'has more than 20 parts', code: 'max_items', params: { max: 20 } },
    ]);
  });
});

describe('query strings', () => {
  // Node refuses a request line and headers past 16 KiB (431); these stay under it.
  const many = Array.from({ length: 7000 }, () => 'a').join('&');
  const QUERIES: [string, string][] = [
    ['7,000 parameters', many],
    ['7,000 empty parameters', '&'.repeat(7000)],
    ['one 15,000-character value', `keyword=${'x'.repeat(15_000)}`],
    ['one 5,000-character escaped value', `keyword=${'%41'.repeat(5000)}`],
    ['a 15,000-character name', `${'k'.repeat(15_000)}=1`],
  ];

  it.each(QUERIES)('a list page, with a token: %s', async (what, query) => {
    const p = await underPoll(srv.url, (signal) =>
      fetch(`${srv.url}/prod-api/book/page?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': srv.token },
        body: '{}',
        signal,
      }),
    );
    expectResponsive(p, what, [200, 400]);
  });

  it.each(QUERIES)('the session, no token: %s', async (what, query) => {
    const p = await underPoll(srv.url, (signal) => fetch(`${srv.url}/prod-api/auth/info?${query}`, { signal }));
    expectResponsive(p, what, [400, 401]);
  });

  it('refuses 101 parameters with and without a token, and takes 100', async () => {
    const q = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
    for (const token of [srv.token, undefined]) {
      const over = await fetch(`${srv.url}/prod-api/auth/info?${q(101)}`, {
        headers: token ? { 'x-token': token } : {},
      });
      expect(over.status).toBe(400);
      expect(await over.text()).toContain('"code":"max_items"');
      const at = await fetch(`${srv.url}/prod-api/auth/info?${q(100)}`, { headers: token ? { 'x-token': token } : {} });
      expect(at.status).toBe(token ? 200 : 401);
    }
  });
});
