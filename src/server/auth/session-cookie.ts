import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';

/**
 * The session cookie the service worker's own requests carry (src/sw/protocol/background.ts):
 * `lectern_session` = the token, HttpOnly (no script reads it), SameSite=Strict (no other site's
 * request carries it) and limited to the API. It authenticates only together with the header
 * `X-Lectern-Session` naming the same session (`userKeyOf(token)`), which a cross-site form cannot
 * send and which tells the server which member the worker meant: if another member signed in on
 * the profile since, the cookie holds their token and the two no longer match.
 *
 * Without "keep me signed in" it is a browser-session cookie; with it, it lasts until the
 * session's absolute end and not a second longer.
 */
export const SESSION_COOKIE = 'lectern_session';
const PATH = '/prod-api';
/** WORKER_SESSION_HEADER of src/sw/protocol/background.ts (the server imports no client code). */
export const WORKER_SESSION_HEADER = 'X-Lectern-Session';

/** The header's value for a token: the first 32 hex digits of sha256('lectern-user:' + token), as cache-keys.ts. */
export const userKeyOfToken = (token: string): string =>
  createHash('sha256').update(`lectern-user:${token}`).digest('hex').slice(0, 32);

/** The cookie's token, but only when the request's X-Lectern-Session names the same session. */
export function cookieCredential(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return undefined;
  const expected = Buffer.from(userKeyOfToken(token));
  const given = Buffer.from(c.req.header(WORKER_SESSION_HEADER) ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

export function sessionCookie(token: string, secure: boolean, expiresAt?: Date, now = new Date()): string {
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : undefined;
  return generateCookie(SESSION_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    ...(maxAge !== undefined ? { maxAge } : {}),
  });
}

export const clearedSessionCookie = (secure: boolean): string =>
  generateCookie(SESSION_COOKIE, '', { path: PATH, httpOnly: true, sameSite: 'Strict', secure, maxAge: 0 });
