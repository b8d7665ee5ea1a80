import { getCookie, removeCookie, setCookie } from './cookies';
import { REMEMBER_KEY } from './worker-session';

/**
 * The credential lives in the `Authorization` cookie (docs/product.md §4), sent as X-Token. A
 * browser-session cookie, unless the member chose "keep me signed in on this device": then it
 * lasts until the session's absolute end (docs/accounts.md), like the server's HttpOnly one.
 */
const TOKEN_COOKIE = 'Authorization';

export const getToken = (): string | undefined => getCookie(TOKEN_COOKIE) || undefined;

/** `rememberUntil`: kept across browser restarts until then, and the choice noted for the worker. */
export function setToken(token: string, rememberUntil?: Date): void {
  setCookie(TOKEN_COOKIE, token, rememberUntil);
  rememberChoice(rememberUntil !== undefined);
}

export function removeToken(): void {
  removeCookie(TOKEN_COOKIE);
  rememberChoice(false);
}

function rememberChoice(on: boolean): void {
  try {
    if (on) localStorage.setItem(REMEMBER_KEY, '1');
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // No storage: the worker takes the sign-in for this window only.
  }
}

/**
 * Set while the signed-in session must change its password (docs/api.md §6): public/console-boot.js
 * reads it and then asks for no screen's data (every call but the change is refused with 40310)
 * and readies the change page's code instead. Written by the sign-in page and by each session
 * check, removed by the change and at sign-out.
 */
export const PASSWORD_CHANGE_KEY = 'lectern:password-change';

export function markPasswordChange(required: boolean): void {
  try {
    if (required) localStorage.setItem(PASSWORD_CHANGE_KEY, '1');
    else localStorage.removeItem(PASSWORD_CHANGE_KEY);
  } catch {
    // No storage: the boot script asks as usual and the console ignores the refusals.
  }
}

/**
 * Why the console sent this tab to sign in (the code the server refused the saved credential
 * with): the sign-in page is a document of its own, so a message shown by the console would be
 * gone with it. Read once by src/sign-in/main.ts.
 */
export const SIGN_IN_REASON_KEY = 'lectern:sign-in-reason';
