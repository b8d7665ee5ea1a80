import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/contract/import';
import { expectResponsive, HEALTHZ_LIMIT_MS, HOSTILE_LIMIT_MS, serverForFile, underPoll } from './harness';

/**
 * The worst CSV files within the import's limits (5 MiB, 10,000 rows), as dry runs and as imports,
 * while /healthz is polled: each is answered (or refused) within the bound and no probe waits.
 */
const srv = serverForFile();
let category = 0;

beforeAll(async () => {
  const res = await fetch(`${srv.url}/prod-api/category`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': srv.token },
    body: JSON.stringify({ name: 'Shelf', sort: 0 }),
  });
  category = ((await res.json()) as { data: { id: number } }).data.id;
});

/** Room left for what a generator adds after its repeated part. */
const ROOM = 200;
const FULL = IMPORT_MAX_BYTES - ROOM;
const HEAD = 'title,author,categoryId,stock,status';
const WIDE_HEAD = 'title,author,isbn,publisher,publishDate,categoryId,subclassId,coverUrl,summary,stock,status';
const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join('\n');
/** `unit` repeated to fill `bytes`. */
const fill = (unit: string, bytes = FULL) => unit.repeat(Math.floor(bytes / unit.length));
/** A line of `n` cells. */
const cells = (n: number, cell = 'x') => Array.from({ length: n }, () => cell).join(',');

/** Built when a test runs (the category id is known then); each stays within 5 MiB. */
const HOSTILE: [string, () => string, number[]][] = [
  [
    `${IMPORT_MAX_ROWS + 1} rows`,
    () => `${HEAD}\n${rows(IMPORT_MAX_ROWS + 1, (i) => `T${i},A,${category},1,on_shelf`)}`,
    [400],
  ],
  ['2.6 million one-cell rows', () => `${HEAD}\n${fill('x\n')}`, [400]],
  ['a header of 2.6 million columns', () => `${fill('c,')}c\nx\n`, [400]],
  ['a header of 5 million empty columns', () => `${fill(',')}\nx\n`, [400]],
  ['a header of 10,000 known names', () => `${cells(10_000, 'title')}\n${cells(10_000)}\n`, [400]],
  ['10,000 rows of 260 cells', () => `${HEAD}\n${rows(IMPORT_MAX_ROWS, () => cells(260))}`, [200, 400]],
  ['10,000 rows of 520 empty cells', () => `${HEAD}\n${rows(IMPORT_MAX_ROWS, () => ','.repeat(520))}`, [200, 400]],
  ['one 5 MiB quoted title', () => `${HEAD}\n"${fill('x')}",A,${category},1,on_shelf\n`, [200, 400]],
  ['a title of 2.6 million escaped quotes', () => `${HEAD}\n"${fill('""')}",A,${category},1,on_shelf\n`, [200, 400]],
  [
    '10,000 rows with every field wrong',
    () =>
      `${WIDE_HEAD}\n${rows(IMPORT_MAX_ROWS, (i) => `,,97800000000${i % 10},${'p'.repeat(300)},2099-13-45,nope ${i},sub,ftp:x,,-1.5,lost`)}`,
    [200, 400],
  ],
  [
    '10,000 rows with one ISBN',
    () =>
      `title,author,isbn,categoryId,stock,status\n${rows(IMPORT_MAX_ROWS, (i) => `T${i},A,9780306406157,${category},1,on_shelf`)}`,
    [200, 400],
  ],
  [
    '10,000 rows of long quoted titles with commas and line breaks',
    () => `${HEAD}\n${rows(IMPORT_MAX_ROWS, () => `"${'a,"",\n'.repeat(80)}",A,${category},1,on_shelf`)}`,
    [200, 400],
  ],
  ['an unclosed quote on the first row', () => `${HEAD}\n"${fill('x,\n')}`, [400]],
  ['5 MiB of blank lines', () => `${HEAD}\n${fill('\r\n')}`, [400]],
  [
    'a stray quote in every row',
    () => `${HEAD}\n${rows(IMPORT_MAX_ROWS, () => `a"b,A,${category},1,on_shelf`)}`,
    [400],
  ],
  [
    '10,000 valid rows',
    () => `${HEAD}\n${rows(IMPORT_MAX_ROWS, (i) => `Valid ${i},Author,${category},1,on_shelf`)}`,
    [200, 201],
  ],
];

/**
 * `POST /prod-api/book/import` with `csv` as its file, encoded before the request starts and sent
 * on a connection of its own. Without a token the body is held back until the answer is late (1 s):
 * the 401 must come from the headers alone. (Sent at once, it would race the answer: Node closes a
 * connection whose body it did not read, and a reset can drop the answer on the client's side.)
 */
async function importCsv(csv: string, dryRun: boolean, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'books.csv');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const { hostname, port } = new URL(srv.url);
  const head = [
    `POST /prod-api/book/import${dryRun ? '?dryRun=1' : ''} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: ${encoded.headers.get('content-type')}`,
    `Content-Length: ${body.length}`,
    ...(token ? [`X-Token: ${token}`] : []),
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return (signal: AbortSignal) =>
    new Promise<Response>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), hostname);
      let late: NodeJS.Timeout | undefined;
      const done = (fn: () => void) => {
        clearTimeout(late);
        socket.destroy();
        fn();
      };
      signal.addEventListener('abort', () => done(() => reject(signal.reason)));
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', (err) => done(() => reject(err)));
      socket.on('end', () =>
        done(() => {
          const { status, text } = parseAnswer(Buffer.concat(chunks));
          resolve(new Response(text, { status }));
        }),
      );
      socket.write(head);
      if (token) socket.write(body);
      else late = setTimeout(() => socket.write(body), HOSTILE_LIMIT_MS);
    });
}

/** Status and body of an HTTP/1.1 answer read to the end of its connection. */
function parseAnswer(bytes: Buffer): { status: number; text: string } {
  const split = bytes.indexOf('\r\n\r\n');
  const head = bytes.subarray(0, split).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  let rest = bytes.subarray(split + 4);
  if (!/\r\ntransfer-encoding: chunked/i.test(head)) return { status, text: rest.toString() };
  const parts: Buffer[] = [];
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.subarray(0, eol).toString(), 16);
    if (!(size > 0)) break;
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 4 + size);
  }
  return { status, text: Buffer.concat(parts).toString() };
}

describe('CSV import', () => {
  it('the hostile files fit the limit', () => {
    for (const [what, make] of HOSTILE) expect(Buffer.byteLength(make()), what).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
  });

  // Everything but the valid file: the valid one commits, which is legitimate work (below).
  it.each(HOSTILE.slice(0, -1))('import: %s', async (what, make, expected) => {
    const p = await underPoll(srv.url, await importCsv(make(), false, srv.token));
    expectResponsive(
      p,
      what,
      expected.filter((s) => s !== 200),
    );
  });

  it.each(HOSTILE)('dry run: %s', async (what, make, expected) => {
    const p = await underPoll(srv.url, await importCsv(make(), true, srv.token));
    expectResponsive(
      p,
      what,
      expected.filter((s) => s !== 201),
    );
  });

  it.each(HOSTILE)('no token: %s', async (what, make) => {
    expectResponsive(await underPoll(srv.url, await importCsv(make(), false)), what, 401);
  });

  it('refuses past the limits naming the file, with the codes the console knows', async () => {
    const codeOf = async (csv: string) => {
      const p = await underPoll(srv.url, await importCsv(csv, true, srv.token));
      expectResponsive(p, csv.slice(0, 40), 400);
      return (JSON.parse(p.body) as { data: { errors: { path: string; code: string }[] } }).data.errors;
    };
    const [tooMany, wideHeader, knownNames] = [HOSTILE[1], HOSTILE[2], HOSTILE[4]].map((h) => h?.[1]() ?? '');
    expect(await codeOf(tooMany)).toEqual([expect.objectContaining({ path: 'file', code: 'too_many_rows' })]);
    expect(await codeOf(wideHeader)).toEqual([
      expect.objectContaining({ path: 'file', code: 'unknown_column', params: { column: 'c' } }),
    ]);
    expect(await codeOf(knownNames)).toEqual([
      expect.objectContaining({ path: 'file', code: 'duplicate_column', params: { column: 'title' } }),
    ]);
  });

  it('a 10,000-row import (legitimate work) never holds /healthz', async () => {
    const csv = `${HEAD}\n${rows(IMPORT_MAX_ROWS, (i) => `Legit ${i},Author,${category},1,on_shelf`)}`;
    const p = await underPoll(srv.url, await importCsv(csv, false, srv.token));
    const info = `answered ${p.status} in ${Math.round(p.ms)} ms, slowest /healthz ${Math.round(p.healthzMaxMs)} ms`;
    expect(p.status, `${info}: ${p.body.slice(0, 200)}`).toBe(201);
    expect(p.healthzMaxMs, info).toBeLessThan(HEALTHZ_LIMIT_MS);
  });
});
