// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isNetworkAbsence } from '../../../src/lib/error-log';
import { ApiError, classifyNoAnswer, createHttp, NetworkError } from '../../../src/lib/http';

/*
 * Offline is a state the console explains (the offline banner, a list's or a screen's own offline
 * notice), not an error: what the http client tells of a request that got no answer, and what the
 * error log keeps.
 */

describe('a request that got no answer', () => {
  it.each([
    // Offline: every read is explained by the screen; an action that needs the server is a notice.
    ['POST', '/book/page', true, false, 'silent'],
    ['GET', '/category/list', true, false, 'silent'],
    ['GET', '/category/subclass/list', true, false, 'silent'],
    ['GET', '/auth/info', true, false, 'silent'],
    ['GET', '/book/12', true, false, 'silent'],
    ['GET', '/system/info', true, false, 'silent'],
    ['DELETE', '/book/12', true, false, 'notice'],
    ['PUT', '/apply', true, false, 'notice'],
    ['POST', '/book/import', true, false, 'notice'],
    // A write the form keeps for later says so itself, online or not.
    ['PUT', '/book', true, true, 'silent'],
    ['POST', '/book', false, true, 'silent'],
    // Online: reads the service worker answers from its copy show their own state; others are errors.
    ['POST', '/book/page', false, false, 'silent'],
    ['GET', '/category/list?x=1', false, false, 'silent'],
    ['GET', '/auth/info', false, false, 'silent'],
    ['GET', '/book/12', false, false, 'silent'],
    ['GET', '/system/info', false, false, 'silent'],
    ['GET', '/book/export', false, false, 'error'],
    ['DELETE', '/book/12', false, false, 'error'],
    ['POST', '/file/upload/img', false, false, 'error'],
  ] as const)('%s %s offline=%s kept=%s: %s', (method, path, offline, keptOffline, expected) => {
    expect(classifyNoAnswer({ method, path, offline, keptOffline })).toBe(expected);
  });
});

/** Nothing listens on port 1: a request there gets no answer at all (a real refused connection). */
const UNREACHABLE = 'http://127.0.0.1:1/prod-api';

function client() {
  const shown = { errors: [] as string[], notices: [] as string[] };
  const http = createHttp({
    baseURL: UNREACHABLE,
    getToken: () => 't',
    getLanguage: () => undefined,
    fallbackMessage: () => 'Error',
    ui: {
      error: (m) => shown.errors.push(m),
      notice: (m) => shown.notices.push(m),
      confirmLogout: () => undefined,
      unreachableMessage: () => 'The server cannot be reached',
    },
  });
  return { http, shown };
}

describe('the http client online, with no answer', () => {
  it('leaves a list read to the list (no toast) and marks the failure as explained', async () => {
    const { http, shown } = client();
    const error = await http.post('/book/page', { pageNum: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).explained).toBe(true);
    await expect(http.get('/category/list')).rejects.toBeInstanceOf(NetworkError);
    expect(shown).toEqual({ errors: [], notices: [] });
  });

  it('tells an action that failed in the console’s words, not the browser’s "Failed to fetch"', async () => {
    const { http, shown } = client();
    const error = await http.delete('/book/12').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).explained).toBe(false);
    expect(shown).toEqual({ errors: ['The server cannot be reached'], notices: [] });
  });

  it('keeps quiet about a write kept for later', async () => {
    const { http, shown } = client();
    const error = await http.put('/book', {}, { keptOffline: true }).catch((e: unknown) => e);
    expect((error as NetworkError).explained).toBe(true);
    expect(shown).toEqual({ errors: [], notices: [] });
  });
});

describe('the error log', () => {
  const fetchFailed = new TypeError('Failed to fetch');
  const chunk = new TypeError('Failed to fetch dynamically imported module: http://x/assets/news-abc.js');

  it('keeps no failure that only says the browser is offline', () => {
    expect(isNetworkAbsence(fetchFailed, false)).toBe(true);
    expect(isNetworkAbsence(chunk, false)).toBe(true);
    expect(isNetworkAbsence(new TypeError('NetworkError when attempting to fetch resource.'), false)).toBe(true);
    expect(isNetworkAbsence(new TypeError('Load failed'), false)).toBe(true);
    expect(isNetworkAbsence(new TypeError('Importing a module script failed.'), false)).toBe(true);
    expect(isNetworkAbsence(new NetworkError('You are offline'), false)).toBe(true);
    // As stored in an entry (name and message only).
    expect(isNetworkAbsence({ name: 'TypeError', message: 'Failed to fetch' }, false)).toBe(true);
  });

  it('keeps no failure the http client explained, online either', () => {
    expect(isNetworkAbsence(new NetworkError('Failed to fetch', true), true)).toBe(true);
  });

  it('keeps no read the service worker had neither the network nor a copy for', () => {
    // As an older worker posted it: Workbox's `no-response`.
    const posted = { name: 'no-response', message: 'no-response :: [{"url":"http://x/prod-api/bibliography/page"}]' };
    expect(isNetworkAbsence(posted, false)).toBe(true);
    expect(isNetworkAbsence(posted, true)).toBe(true);
  });

  it('keeps real errors: a server error, a refusal, a fault, and a failure while online', () => {
    expect(isNetworkAbsence(new ApiError(50000, 'Internal error', 500, null), false)).toBe(false);
    expect(isNetworkAbsence(new ApiError(40300, 'Forbidden', 403, null), true)).toBe(false);
    expect(isNetworkAbsence(new TypeError("Cannot read properties of undefined (reading 'id')"), false)).toBe(false);
    expect(isNetworkAbsence(fetchFailed, true)).toBe(false);
    expect(isNetworkAbsence(chunk, true)).toBe(false);
    expect(isNetworkAbsence(new NetworkError('The server cannot be reached'), true)).toBe(false);
    expect(isNetworkAbsence(undefined, false)).toBe(false);
  });
});
