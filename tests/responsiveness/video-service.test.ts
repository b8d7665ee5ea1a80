import { describe, expect, it } from 'vitest';
import type { VodCredential } from '../../src/upload/protocol';
import {
  decode,
  signedOss,
  signedParams,
  type Ticket,
  type UploadAddress,
  type UploadAuth,
} from '../server/vod/helpers';
import { expectResponsive, type LiveServer, type Probed, serverForFile, underPoll } from './harness';

/**
 * The worst requests within the video service's limits (docs/videos.md), unsigned and signed with
 * a real credential, sent to a real server process while /healthz is polled: the RPC endpoint's
 * query and form, the checkpoint it stores, and each OSS route (bodies, headers, queries).
 */
const srv = serverForFile();

/** expectResponsive, printing the figures first when VOD_FIGURES is set (to compare runs). */
function responsive(p: Probed, what: string, status?: number) {
  if (process.env.VOD_FIGURES)
    console.log(
      `FIGURE ${what}: ${p.status} in ${Math.round(p.ms)} ms, slowest /healthz ${Math.round(p.healthzMaxMs)} ms`,
    );
  expectResponsive(p, what, status);
}

const KiB = 1024;
const MiB = 1024 * KiB;
/** The RPC's limits (rpc.ts): parameters per call, characters per value, the form's bytes. */
const MAX_PARAMS = 64;
const MAX_VALUE = 4096;
const FORM_LIMIT = MiB;
/** The CompleteMultipartUpload body's limit (oss-multipart.ts) and the cloud's part count. */
const COMPLETE_LIMIT = 2 * MiB;
const MAX_PARTS = 10_000;
/** What fits in a request line or the headers under Node's 16 KiB header limit, with room to spare. */
const HEAD_ROOM = 14 * KiB;

async function rpcCredential(s: LiveServer): Promise<VodCredential> {
  const res = await fetch(`${s.url}/prod-api/video/upload/credential`, { headers: { 'x-token': s.token } });
  const json = (await res.json()) as { data: VodCredential };
  return json.data;
}

/** `n` pairs of `text`, `&`-joined, cut to at most `bytes`. */
const repeatPairs = (pair: (i: number) => string, bytes: number) => {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const p = pair(i);
    if (size + p.length + 1 > bytes) break;
    out.push(p);
    size += p.length + 1;
  }
  return out.join('&');
};

const form = (url: string, body: string) => (signal: AbortSignal) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal });

/** A signed form whose `raw` parameters are written into the body as they are (the parser takes `[`, `"`, `'`). */
function signedForm(
  cred: VodCredential,
  action: string,
  params: Record<string, string>,
  raw: Record<string, string> = {},
): string {
  const q = signedParams('POST', action, { ...params, ...raw }, cred);
  for (const k of Object.keys(raw)) delete q[k];
  const rawText = Object.entries(raw).map(([k, v]) => `${k}=${v}`);
  return [new URLSearchParams(q).toString(), ...rawText].join('&');
}

const progress = (cred: VodCredential) => ({
  UserId: cred.userId,
  FileHash: 'abc123',
  FileName: 'clip.mp4',
  FileSize: '1000',
});

/** A new video's ticket: the object it may write and the UploadAuth to sign with. */
async function ticket(cred: VodCredential): Promise<{ address: UploadAddress; auth: UploadAuth }> {
  const q = signedParams('GET', 'CreateUploadVideo', { Title: 'Clip', FileName: 'clip.mp4', FileSize: 1 }, cred);
  const res = await fetch(`${cred.vodEndpoint}?${new URLSearchParams(q)}`);
  const t = (await res.json()) as Ticket;
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${JSON.stringify(t)}`);
  return { address: decode<UploadAddress>(t.UploadAddress), auth: decode<UploadAuth>(t.UploadAuth) };
}

type Media = Awaited<ReturnType<typeof ticket>>;

/** A request to the ticket's object, signed, or (`unsigned`) with the signature's headers left out. */
async function oss(
  m: Media,
  o: {
    method: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
    unsigned?: boolean;
  },
) {
  const { url, headers } = await signedOss(m.address, m.auth, o);
  if (o.unsigned) delete headers.authorization;
  return (signal: AbortSignal) => fetch(url, { method: o.method, headers, body: o.body, signal });
}

async function initiate(m: Media): Promise<string> {
  const res = await (await oss(m, { method: 'POST', query: { uploads: '' } }))(AbortSignal.timeout(10_000));
  const id = /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())?.[1];
  if (!id) throw new Error(`initiate: ${res.status}`);
  return id;
}

const xmlDoc = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>\n${inner}</CompleteMultipartUpload>`;
const partXml = (n: number, etag = '"D41D8CD98F00B204E9800998ECF8427E"') =>
  `<Part>\n<PartNumber>${n}</PartNumber>\n<ETag>${etag}</ETag>\n</Part>\n`;
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

/** The worst CompleteMultipartUpload bodies within 2 MiB, and the status and code each must get. */
const COMPLETE_BODIES: [string, string, number, string][] = [
  ['2 MiB of unclosed <Part>', xmlDoc(fill('<Part>', COMPLETE_LIMIT - 200)), 400, 'MalformedXML'],
  ['2 MiB of unclosed roots', fill('<CompleteMultipartUpload>', COMPLETE_LIMIT - 100), 400, 'MalformedXML'],
  [
    'one part of unclosed <ETag>',
    xmlDoc(`<Part><PartNumber>1</PartNumber>${fill('<ETag>', COMPLETE_LIMIT - 300)}</Part>`),
    400,
    'MalformedXML',
  ],
  [
    'one part of unclosed <PartNumber>',
    xmlDoc(`<Part>${fill('<PartNumber>', COMPLETE_LIMIT - 300)}<ETag>x</ETag></Part>`),
    400,
    'MalformedXML',
  ],
  ['a 2 MiB ETag', xmlDoc(partXml(1, 'E'.repeat(COMPLETE_LIMIT - 300))), 400, 'InvalidPart'],
  [
    `${MAX_PARTS + 1} parts`,
    xmlDoc(Array.from({ length: MAX_PARTS + 1 }, (_, i) => partXml(i + 1)).join('')),
    400,
    'InvalidArgument',
  ],
  [
    `${MAX_PARTS} parts, all number 1`,
    xmlDoc(Array.from({ length: MAX_PARTS }, () => partXml(1)).join('')),
    400,
    'InvalidPartOrder',
  ],
  [
    `${MAX_PARTS} parts, only the first uploaded`,
    xmlDoc(Array.from({ length: MAX_PARTS }, (_, i) => partXml(i + 1)).join('')),
    400,
    'InvalidPart',
  ],
];

const code = (body: string) => /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? /"Code":"([^"]*)"/.exec(body)?.[1];

describe('the VOD RPC, no credential', () => {
  const unsigned: [string, (url: string) => (signal: AbortSignal) => Promise<Response>][] = [
    ['GET, 7,000 parameters', (u) => (signal) => fetch(`${u}?${'a&'.repeat(HEAD_ROOM / 2)}`, { signal })],
    ['GET, one 14 KiB value', (u) => (signal) => fetch(`${u}?Action=${'x'.repeat(HEAD_ROOM)}`, { signal })],
    ['POST, 1 MiB of empty parameters', (u) => form(u, 'a&'.repeat(FORM_LIMIT / 2))],
    [
      'POST, 1 MiB of distinct parameters',
      (u) =>
        form(
          u,
          repeatPairs((i) => `k${i}=`, FORM_LIMIT),
        ),
    ],
    ['POST, one 1 MiB value', (u) => form(u, `Action=${'x'.repeat(FORM_LIMIT - 10)}`)],
    ['POST, 1 MiB of broken UTF-8', (u) => form(u, `Action=${'%ED%A0%80'.repeat(FORM_LIMIT / 9 - 1)}`)],
    ['POST, 1 MiB of escaped quotes', (u) => form(u, `Action=${'%27'.repeat(FORM_LIMIT / 3 - 4)}`)],
    ['POST, past 1 MiB', (u) => form(u, 'x'.repeat(FORM_LIMIT + 1))],
  ];
  it.each(unsigned)('%s', async (what, send) => {
    const p = await underPoll(srv.url, send(`${srv.url}/vod`));
    responsive(p, what, 400);
  });
});

describe('the VOD RPC, signed with a staff credential', () => {
  it('refuses more parameters than a call takes, before their signature is checked', async () => {
    const cred = await rpcCredential(srv);
    const many: Record<string, string> = {};
    for (let i = 0; i < 60_000; i++) many[`k${i}`] = 'v';
    const p = await underPoll(srv.url, form(cred.vodEndpoint, signedForm(cred, 'GetUploadProgress', many)));
    responsive(p, '60,000 signed parameters', 400);
    expect(code(p.body)).toBe('InvalidParameter');
  });

  it('answers the most parameters at the longest values, each a worst case for the signature', async () => {
    const cred = await rpcCredential(srv);
    const params: Record<string, string> = {};
    // The common 10 are added by signedParams.
    for (let i = 0; i < MAX_PARAMS - 10; i++) params[`K${i}`] = "'".repeat(MAX_VALUE);
    const p = await underPoll(srv.url, form(cred.vodEndpoint, signedForm(cred, 'GetUploadProgress', params)));
    responsive(p, `${MAX_PARAMS} parameters of ${MAX_VALUE} quotes`, 400);
    // Signed and counted: refused for what the call lacks, not for its size.
    expect(code(p.body)).toBe('MissingParameter');
  });

  const half = FORM_LIMIT / 2 - 400;
  const points: [string, string, number][] = [
    ['1 MiB of unclosed arrays', '['.repeat(2 * half), 400],
    ['1 MiB of nested arrays', `${'['.repeat(half)}${']'.repeat(half)}`, 400],
    ['an object of 100,000 fields', `{${repeatPairs((i) => `"${i}":0`, 2 * half).replaceAll('&', ',')}}`, 400],
    ['an array of 500,000 numbers', `[${'0,'.repeat(half)}0]`, 200],
    ['a string of 1 MiB of quotes', `["${"'".repeat(2 * half)}"]`, 200],
    ['a string of 1 MiB of backslashes', `["${'\\\\'.repeat(half)}"]`, 200],
  ];
  it.each(points)('ReportUploadProgress, UploadPoint: %s', async (what, point, status) => {
    const cred = await rpcCredential(srv);
    const body = signedForm(cred, 'ReportUploadProgress', progress(cred), { UploadPoint: point });
    expect(body.length).toBeLessThanOrEqual(FORM_LIMIT);
    const p = await underPoll(srv.url, form(cred.vodEndpoint, body));
    responsive(p, what, status);
  });

  it('GET, the most parameters a URL carries', async () => {
    const cred = await rpcCredential(srv);
    const params: Record<string, string> = {};
    for (let i = 0; i < MAX_PARAMS - 10; i++) params[`K${i}`] = "'".repeat(60);
    const q = new URLSearchParams(signedParams('GET', 'GetUploadProgress', params, cred));
    const p = await underPoll(srv.url, (signal) => fetch(`${cred.vodEndpoint}?${q}`, { signal }));
    responsive(p, 'GET with 64 parameters', 400);
  });
});

describe('the OSS routes', () => {
  it.each(COMPLETE_BODIES)('CompleteMultipartUpload, signed: %s', async (what, xml, status, want) => {
    expect(xml.length).toBeLessThanOrEqual(COMPLETE_LIMIT);
    const m = await ticket(await rpcCredential(srv));
    const uploadId = await initiate(m);
    // Part 1 is stored (empty, so its ETag is the MD5 of nothing): the lists get past it.
    const first = await oss(m, { method: 'PUT', query: { partNumber: '1', uploadId }, body: '' });
    expect((await first(AbortSignal.timeout(10_000))).status).toBe(200);
    const send = await oss(m, {
      method: 'POST',
      query: { uploadId },
      body: xml,
      headers: { 'content-type': 'application/xml' },
    });
    const p = await underPoll(srv.url, send);
    responsive(p, what, status);
    expect(code(p.body), what).toBe(want);
  });

  it.each(COMPLETE_BODIES.slice(0, 3))('CompleteMultipartUpload, unsigned: %s', async (what, xml) => {
    const m = await ticket(await rpcCredential(srv));
    const uploadId = await initiate(m);
    const send = await oss(m, { method: 'POST', query: { uploadId }, body: xml, unsigned: true });
    responsive(await underPoll(srv.url, send), what, 403);
  });

  /** Headers that fill Node's limit: 500 x-oss-* ones, each signed. */
  const manyHeaders = () => {
    const h: Record<string, string> = {};
    for (let i = 0; i < 500; i++) h[`x-oss-meta-k${i}`] = 'v'.repeat(4);
    return h;
  };

  it('InitiateMultipartUpload with 500 signed x-oss headers, signed and not', async () => {
    const m = await ticket(await rpcCredential(srv));
    const signed = await oss(m, { method: 'POST', query: { uploads: '' }, headers: manyHeaders() });
    responsive(await underPoll(srv.url, signed), 'initiate, 500 headers', 200);
    const bad = await oss(m, { method: 'POST', query: { uploads: '' }, headers: manyHeaders(), unsigned: true });
    responsive(await underPoll(srv.url, bad), 'initiate, unsigned', 403);
  });

  it('UploadPart of 8 MiB, signed and not; a hostile part number', async () => {
    const m = await ticket(await rpcCredential(srv));
    const uploadId = await initiate(m);
    const body = new Uint8Array(8 * MiB).fill(7);
    const part = await oss(m, { method: 'PUT', query: { partNumber: '1', uploadId }, body });
    responsive(await underPoll(srv.url, part), 'part of 8 MiB', 200);
    const bad = await oss(m, { method: 'PUT', query: { partNumber: '1', uploadId }, body, unsigned: true });
    responsive(await underPoll(srv.url, bad), 'part, unsigned', 403);
    const long = await oss(m, { method: 'PUT', query: { partNumber: '9'.repeat(HEAD_ROOM / 2), uploadId }, body: 'x' });
    responsive(await underPoll(srv.url, long), 'part number of 7,000 digits', 400);
  });

  it('ListParts with hostile paging, and an unknown upload of 7,000 characters', async () => {
    const m = await ticket(await rpcCredential(srv));
    const uploadId = await initiate(m);
    const list = await oss(m, {
      method: 'GET',
      query: { uploadId, 'max-parts': '9'.repeat(3000), 'part-number-marker': '-1e308' },
    });
    responsive(await underPoll(srv.url, list), 'list parts', 200);
    const unknown = await oss(m, { method: 'GET', query: { uploadId: 'U'.repeat(HEAD_ROOM / 2) } });
    responsive(await underPoll(srv.url, unknown), 'list, unknown upload', 404);
    const abort = await oss(m, { method: 'DELETE', query: { uploadId: 'U'.repeat(HEAD_ROOM / 2) } });
    responsive(await underPoll(srv.url, abort), 'abort, unknown upload', 404);
  });

  it('PUT Object of 8 MiB, signed and not; hostile reads of it', async () => {
    const m = await ticket(await rpcCredential(srv));
    const body = new Uint8Array(8 * MiB).fill(1);
    const bad = await oss(m, { method: 'PUT', body, unsigned: true });
    responsive(await underPoll(srv.url, bad), 'PUT, unsigned', 403);
    const put = await oss(m, { method: 'PUT', body, headers: { 'content-type': 'video/mp4' } });
    responsive(await underPoll(srv.url, put), 'PUT of 8 MiB', 200);
    const object = `${srv.url}/${m.address.Bucket}/${m.address.FileName}`;
    const reads: [string, Record<string, string>, number][] = [
      ['a Range of 14 KiB of digits', { range: `bytes=${'1'.repeat(HEAD_ROOM)}-` }, 416],
      ['a Range of 7,000 ranges', { range: `bytes=${'0-0,'.repeat(HEAD_ROOM / 4)}0-0` }, 200],
      ['an If-None-Match of 14 KiB', { 'if-none-match': '"'.repeat(HEAD_ROOM) }, 200],
      [
        'a forged signature of 14 KiB',
        { authorization: `OSS ${'a'.repeat(HEAD_ROOM / 2)}:${'b'.repeat(HEAD_ROOM / 2)}` },
        403,
      ],
    ];
    for (const [what, headers, status] of reads) {
      const p = await underPoll(srv.url, async (signal) => {
        const res = await fetch(object, { headers, signal });
        // The object itself is not what is measured: its bytes are not read.
        if (res.status !== 200) return res;
        await res.body?.cancel();
        return new Response(null, { status: 200 });
      });
      responsive(p, what, status);
    }
    // OSS keys are at most 1,023 bytes: the longest has 512 segments, longer ones are refused.
    const keys: [string, string, number][] = [
      ['a key of 512 segments', `${'a/'.repeat(511)}x`, 404],
      ['a key of 7,000 segments', `${'a/'.repeat(HEAD_ROOM / 2)}x`, 400],
    ];
    for (const [what, key, status] of keys) {
      const url = `${srv.url}/${m.address.Bucket}/${key}`;
      responsive(await underPoll(srv.url, (signal) => fetch(url, { signal })), what, status);
    }
  });
});
