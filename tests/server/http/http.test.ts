import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

type Errors = { errors: { path: string; message: string }[] };

describe('request bodies', () => {
  it('answers 400 naming the body for malformed JSON', async () => {
    for (const raw of ['{"pageNum": 1,', '', 'null', '[1,2]']) {
      const res = await s.call<Errors>('POST', '/book/page', { token: s.adminToken, raw });
      expect(res.status, raw).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.data.errors[0]?.path).toBe('body');
    }
  });

  it('answers 415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await s.call('POST', '/book/page', {
        token: s.adminToken,
        raw: '{"pageNum":1,"pageSize":10}',
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.code).toBe(41500);
    }
    // charset parameters and +json types are still JSON.
    const ok = await s.call('POST', '/book/page', {
      token: s.adminToken,
      raw: '{"pageNum":1,"pageSize":10}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(ok.status).toBe(200);
  });

  it('answers 413 for a JSON body over 1 MiB, with or without Content-Length', async () => {
    const big = JSON.stringify({ pageNum: 1, pageSize: 10, keyword: 'x'.repeat(1024 * 1024) });
    const sized = await s.call('POST', '/book/page', { token: s.adminToken, raw: big });
    expect(sized.status).toBe(413);
    expect(sized.body.code).toBe(41300);
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(`${s.url}/prod-api/book/page`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { code: number }).code).toBe(41300);
  });

  it('names strings over their bound', async () => {
    const res = await s.call<Errors>('POST', '/book/page', {
      token: s.adminToken,
      body: { pageNum: 1, pageSize: 10, keyword: 'k'.repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { path: 'keyword', message: 'at most 100 characters', code: 'max_length', params: { max: 100 } },
    ]);
  });
});

describe('routing', () => {
  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/nothing/here'],
      ['POST', '/book/unknown'],
      ['GET', '/book/page'],
      ['PATCH', '/book'],
    ] as const) {
      const res = await s.call(method, path, { token: s.adminToken });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 40400, data: null });
    }
  });

  it('asks anonymous callers to sign in before telling them which routes exist', async () => {
    const res = await s.call('GET', '/nothing/here');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(50008);
  });

  it('answers the site root with a hint when the console is not built', async () => {
    const res = await fetch(`${s.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/npm run build/);
  });
});

describe('security headers', () => {
  it('are on success, error, not-found and non-API responses', async () => {
    const responses = await Promise.all([
      fetch(`${s.url}/prod-api/auth/info`, { headers: { 'X-Token': s.adminToken } }),
      fetch(`${s.url}/prod-api/auth/info`),
      fetch(`${s.url}/prod-api/nope`, { headers: { 'X-Token': s.adminToken } }),
      fetch(`${s.url}/prod-api/auth/login`, {
        method: 'POST',
        body: '{',
        headers: { 'Content-Type': 'application/json' },
      }),
      fetch(`${s.url}/`),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 400, 200]);
    for (const res of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    }
  });
});
