import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { serverSecret } from '../db/repositories/server-secrets';
import type { Database } from '../db/schema';
import type { Services } from '../services';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): after a
 * successful sign-in the browser gets a cookie naming the account and a random nonce, signed with
 * HMAC-SHA256 (hono/cookie) under a key kept in the database, so every instance accepts what any
 * instance issued. A sign-in that presents one for the account it signs in to comes from a device
 * that knew the password before: it is counted against that device alone, so strangers locking
 * the account, or failures from the same office address, do not lock its owner out.
 *
 * One cookie per account (the name carries the account id), so a shared browser can hold several.
 * HttpOnly and SameSite=Strict, and only sent to /prod-api/auth: no script and no other site can
 * use it, and it never authenticates anything by itself (the token does that).
 */
const COOKIE_PREFIX = 'lectern_device_';
const PATH = '/prod-api/auth';
const MAX_AGE_SECONDS = 365 * 86_400;
const NONCE_RE = /^[\w-]{22}$/;

export type DeviceCookieKey = Uint8Array<ArrayBuffer>;

const secrets = new WeakMap<Kysely<Database>, Promise<Uint8Array<ArrayBuffer>>>();

/** The device-cookie key, read (or created) once per database handle. */
export function deviceCookieKey(services: Services): Promise<Uint8Array<ArrayBuffer>> {
  let key = secrets.get(services.db);
  if (!key) {
    key = serverSecret(services.db, 'device-cookie', services.now());
    // A failed read must not be remembered: the next sign-in tries again.
    key.catch(() => secrets.delete(services.db));
    secrets.set(services.db, key);
  }
  return key;
}

export const newDeviceNonce = () => randomBytes(16).toString('base64url');

/** The nonce of a validly signed device cookie for `staffId`, if the request carries one. */
export async function readDeviceNonce(c: Context, key: DeviceCookieKey, staffId: number): Promise<string | undefined> {
  const value = await getSignedCookie(c, key, `${COOKIE_PREFIX}${staffId}`);
  if (!value) return undefined;
  // The signed value names the account too: a cookie renamed to another account's name is useless.
  const [id, nonce, ...rest] = value.split('.');
  if (id !== String(staffId) || !nonce || rest.length > 0 || !NONCE_RE.test(nonce)) return undefined;
  return nonce;
}

export async function setDeviceCookie(
  c: Context,
  key: DeviceCookieKey,
  staffId: number,
  nonce: string,
  secure: boolean,
) {
  await setSignedCookie(c, `${COOKIE_PREFIX}${staffId}`, `${staffId}.${nonce}`, key, {
    path: PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}
