// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, classifyCode, createHttp, ERROR_TOAST_MS, NetworkError } from '../../../src/lib/http';

describe('classifyCode', () => {
  it.each([
    [20000, 'x', { kind: 'ok' }],
    [0, undefined, { kind: 'ok' }],
    [40000, 'Invalid input', { kind: 'error', message: 'Invalid input', logout: false }],
    [40900, '', { kind: 'error', message: 'Error', logout: false }],
    [50008, 'Illegal token', { kind: 'error', message: 'Illegal token', logout: true }],
    [50012, undefined, { kind: 'error', message: 'Error', logout: true }],
    [50014, 'Token expired', { kind: 'error', message: 'Token expired', logout: true }],
    [
      60204,
      'Account and password are incorrect.',
      { kind: 'error', message: 'Account and password are incorrect.', logout: false },
    ],
    [40310, 'Change your password first', { kind: 'change-password', message: 'Change your password first' }],
  ])('code %i msg %j → %j', (code, msg, expected) => {
    expect(classifyCode(code, msg, 'Error')).toEqual(expected);
  });
});

/** A real HTTP server answering with whatever the test puts in `next`. */
let server: Server;
let base = '';
let next: { status: number; body: string } = { status: 200, body: '{}' };
let lastHeaders: Record<string, string | string[] | undefined> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    res.writeHead(next.status, { 'content-type': 'application/json' });
    res.end(next.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Nothing listens on port 1: a request there gets no answer at all. */
const UNREACHABLE = 'http://127.0.0.1:1/prod-api';

function client(token?: string, language?: string, baseURL = base) {
  const shown: { errors: [string, number][]; logouts: number; passwordChanges: number } = {
    errors: [],
    logouts: 0,
    passwordChanges: 0,
  };
  const http = createHttp({
    baseURL,
    getToken: () => token,
    getLanguage: () => language,
    fallbackMessage: () => 'Error',
    ui: {
      error: (m, d) => shown.errors.push([m, d]),
      confirmLogout: () => shown.logouts++,
      passwordChangeRequired: () => shown.passwordChanges++,
    },
  });
  return { http, shown };
}

describe('the http client', () => {
  it('returns data on code 20000 and 0, sending Language and X-Token', async () => {
    const { http, shown } = client('tok', undefined);
    next = { status: 200, body: JSON.stringify({ code: 20000, msg: 'ok', data: { a: 1 } }) };
    expect(await http.get('/x')).toEqual({ a: 1 });
    expect(lastHeaders.language).toBe('RUB');
    expect(lastHeaders['x-token']).toBe('tok');
    next = { status: 200, body: JSON.stringify({ code: 0, msg: '', data: 2 }) };
    expect(await client(undefined, 'en').http.post('/y', { b: 1 })).toBe(2);
    expect(lastHeaders.language).toBe('en');
    expect(lastHeaders['x-token']).toBeUndefined();
    expect(shown.errors).toEqual([]);
  });

  it('toasts the server msg for 5000 ms and throws ApiError with field errors', async () => {
    const { http, shown } = client('t');
    next = {
      status: 400,
      body: JSON.stringify({ code: 40000, msg: 'Invalid input', data: { errors: [{ path: 'isbn', message: 'bad' }] } }),
    };
    const err = await http.post('/book', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(40000);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldErrors).toEqual({ isbn: { path: 'isbn', message: 'bad' } });
    expect(shown.errors).toEqual([['Invalid input', ERROR_TOAST_MS]]);
    expect(ERROR_TOAST_MS).toBe(5000);
    expect(shown.logouts).toBe(0);
  });

  it("shows 'Error' when a failing code has no msg, even on HTTP 200", async () => {
    const { http, shown } = client();
    next = { status: 200, body: JSON.stringify({ code: 12345, msg: '', data: null }) };
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(shown.errors).toEqual([['Error', 5000]]);
  });

  it.each([50008, 50012, 50014])('asks to log in again on %i', async (code) => {
    const { http, shown } = client('t');
    next = { status: 401, body: JSON.stringify({ code, msg: 'Token problem', data: null }) };
    await expect(http.get('/x')).rejects.toMatchObject({ code });
    expect(shown.logouts).toBe(1);
    expect(shown.errors).toEqual([['Token problem', 5000]]);
  });

  it('sends the member to the change page on 40310, without an error toast or the logout dialog', async () => {
    const { http, shown } = client('t');
    next = { status: 403, body: JSON.stringify({ code: 40310, msg: 'Change your password first', data: null }) };
    await expect(http.post('/book/page', {})).rejects.toMatchObject({ code: 40310, status: 403 });
    expect(shown).toEqual({ errors: [], logouts: 0, passwordChanges: 1 });
  });

  it('does not go back to the change page for a 40310 to a request sent before the password was changed', async () => {
    let epoch = 0;
    let changes = 0;
    const http = createHttp({
      baseURL: base,
      getToken: () => 't',
      getLanguage: () => undefined,
      fallbackMessage: () => 'Error',
      ui: { error: () => undefined, confirmLogout: () => undefined, passwordChangeRequired: () => changes++ },
      sessionEpoch: () => epoch,
      // The change goes through while this request is on its way.
      fetch: (input, init) => {
        epoch += 1;
        return fetch(input, init);
      },
    });
    next = { status: 403, body: JSON.stringify({ code: 40310, msg: 'Change your password first', data: null }) };
    await expect(http.post('/book/page', {})).rejects.toMatchObject({ code: 40310 });
    expect(changes).toBe(0);
  });

  it("toasts and throws the UI's own words for a code of fixed meaning, the server's otherwise", async () => {
    const shown: string[] = [];
    const http = createHttp({
      baseURL: base,
      getToken: () => 't',
      getLanguage: () => 'es',
      fallbackMessage: () => 'Error',
      ui: {
        error: (m) => shown.push(m),
        confirmLogout: () => undefined,
        codeMessage: (code, data) =>
          code === 42900 ? `espera ${(data as { retryAfter: number }).retryAfter} s` : undefined,
      },
    });
    next = { status: 429, body: JSON.stringify({ code: 42900, msg: 'Too many', data: { retryAfter: 60 } }) };
    await expect(http.post('/auth/login', {})).rejects.toMatchObject({ code: 42900, message: 'espera 60 s' });
    next = { status: 409, body: JSON.stringify({ code: 40900, msg: 'Stale version', data: null }) };
    await expect(http.put('/book', {})).rejects.toMatchObject({ code: 40900, message: 'Stale version' });
    expect(shown).toEqual(['espera 60 s', 'Stale version']);
  });

  it('stays silent when the caller asks for quiet', async () => {
    const { http, shown } = client('t');
    next = { status: 401, body: JSON.stringify({ code: 50008, msg: 'x', data: null }) };
    await expect(http.get('/x', { quiet: true })).rejects.toMatchObject({ code: 50008 });
    next = { status: 403, body: JSON.stringify({ code: 40310, msg: 'x', data: null }) };
    await expect(http.get('/x', { quiet: true })).rejects.toMatchObject({ code: 40310 });
    expect(shown).toEqual({ errors: [], logouts: 0, passwordChanges: 0 });
  });

  it('leaves a stale version to a caller that handles it, and still toasts its other refusals', async () => {
    const { http, shown } = client('t');
    const stale = { reason: { code: 'stale' }, current: { id: 1, version: 4 } };
    next = { status: 409, body: JSON.stringify({ code: 40900, msg: 'Stale version', data: stale }) };
    await expect(http.put('/book', {}, { staleHandled: true })).rejects.toMatchObject({ code: 40900, data: stale });
    next = { status: 409, body: JSON.stringify({ code: 40900, msg: 'Still borrowed', data: null }) };
    await expect(http.put('/book', {}, { staleHandled: true })).rejects.toMatchObject({ code: 40900 });
    next = { status: 409, body: JSON.stringify({ code: 40900, msg: 'Stale version', data: stale }) };
    await expect(http.put('/book', {})).rejects.toMatchObject({ code: 40900 });
    expect(shown.errors.map(([m]) => m)).toEqual(['Still borrowed', 'Stale version']);
  });

  it('toasts the message of a network error', async () => {
    const { http, shown } = client(undefined, undefined, UNREACHABLE);
    await expect(http.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(shown.errors).toHaveLength(1);
    expect(shown.errors[0]?.[0]).toMatch(/fetch failed|ECONNREFUSED/);
    expect(shown.errors[0]?.[1]).toBe(5000);
  });
});

describe('writes kept offline', () => {
  it('does not toast a request that got no answer, but still toasts what the server answers', async () => {
    const { http: live, shown: liveShown } = client('t');
    next = { status: 409, body: JSON.stringify({ code: 40900, msg: 'Stale version', data: null }) };
    await expect(live.put('/book', {}, { keptOffline: true })).rejects.toMatchObject({ code: 40900 });
    expect(liveShown.errors.map(([m]) => m)).toEqual(['Stale version']);

    const { http, shown } = client(undefined, undefined, UNREACHABLE);
    await expect(http.put('/book', {}, { keptOffline: true })).rejects.toBeInstanceOf(NetworkError);
    expect(shown.errors).toEqual([]);
  });
});

describe('cancelled requests', () => {
  it('rethrows an abort without telling the user', async () => {
    const { http, shown } = client();
    next = { status: 200, body: JSON.stringify({ code: 20000, msg: '', data: 1 }) };
    const controller = new AbortController();
    controller.abort();
    await expect(http.get('/x', { signal: controller.signal })).rejects.toBeTruthy();
    expect(shown.errors).toEqual([]);
  });
});
