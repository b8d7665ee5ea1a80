// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createHttp } from '../../../src/lib/http';

/**
 * The http client's part in ending sessions without losing work (src/features/session/): it
 * passes each answer's session end on, and a request refused because the session ended waits for
 * the re-sign-in and is sent again with the new credential. Against a real local HTTP server that
 * accepts only the token `good`.
 */
let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const token = String(req.headers['x-token'] ?? '');
    seen.push(`${req.method} ${token}`);
    if (token === 'good') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-lectern-session-end': '2030-01-01T12:00:00.000Z',
      });
      res.end(JSON.stringify({ code: 20000, data: { saved: true } }));
    } else {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 50014, msg: 'Token expired', data: null }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function client(renew: (() => Promise<boolean>) | null) {
  let token = 'old';
  const shown = { errors: [] as string[], logouts: 0, ends: [] as string[], renewals: 0 };
  const http = createHttp({
    baseURL: base,
    getToken: () => token,
    getLanguage: () => 'en',
    fallbackMessage: () => 'Error',
    ui: {
      error: (m) => shown.errors.push(m),
      confirmLogout: () => shown.logouts++,
      sessionEnd: (end) => shown.ends.push(end),
      renewSession: () => {
        if (!renew) return null;
        shown.renewals++;
        return renew().then((ok) => {
          if (ok) token = 'good';
          return ok;
        });
      },
    },
  });
  return { http, shown };
}

describe('a request refused because the session ended', () => {
  it('waits for the re-sign-in and is sent again, once, with the new credential; no error told', async () => {
    seen.length = 0;
    const { http, shown } = client(async () => true);
    await expect(http.post('/category', { name: 'x' })).resolves.toEqual({ saved: true });
    expect(seen).toEqual(['POST old', 'POST good']);
    expect(shown).toMatchObject({ errors: [], logouts: 0, renewals: 1, ends: ['2030-01-01T12:00:00.000Z'] });
  });

  it('declined: refused as before, with the error but without the old logout dialog', async () => {
    const { http, shown } = client(async () => false);
    await expect(http.get('/category/list')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toMatchObject({ errors: ['Token expired'], logouts: 0, renewals: 1 });
  });

  it('not renewed where the console does not renew (nobody signed in yet), nor for quiet requests', async () => {
    const none = client(null);
    await expect(none.http.get('/category/list')).rejects.toMatchObject({ code: 50014 });
    expect(none.shown).toMatchObject({ errors: ['Token expired'], logouts: 1 });
    const quiet = client(async () => true);
    await expect(quiet.http.get('/auth/info', { quiet: true })).rejects.toMatchObject({ code: 50014 });
    await expect(quiet.http.post('/auth/logout', undefined, { noRenewal: true })).rejects.toMatchObject({
      code: 50014,
    });
    expect(quiet.shown.renewals).toBe(0);
  });
});
