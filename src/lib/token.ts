import { getCookie, removeCookie, setCookie } from './cookies';

/** The credential lives in the `Authorization` cookie (docs/product.md §4); the server reads it only from X-Token. */
const TOKEN_COOKIE = 'Authorization';

export const getToken = (): string | undefined => getCookie(TOKEN_COOKIE) || undefined;
export const setToken = (token: string): void => setCookie(TOKEN_COOKIE, token);
export const removeToken = (): void => removeCookie(TOKEN_COOKIE);

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
