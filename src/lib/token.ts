import { getCookie, removeCookie, setCookie } from './cookies';

/** The credential lives in the `Authorization` cookie (SPEC.md §4); the server reads it only from X-Token. */
const TOKEN_COOKIE = 'Authorization';
/** The name the member signed in with, kept as long as the credential (see stores/session.ts). */
const SIGN_IN_NAME_COOKIE = 'SignInName';

export const getToken = (): string | undefined => getCookie(TOKEN_COOKIE) || undefined;
export const setToken = (token: string): void => setCookie(TOKEN_COOKIE, token);
export const getSignInName = (): string | undefined => getCookie(SIGN_IN_NAME_COOKIE) || undefined;
export const setSignInName = (name: string): void => setCookie(SIGN_IN_NAME_COOKIE, name);
export const removeToken = (): void => {
  removeCookie(TOKEN_COOKIE);
  removeCookie(SIGN_IN_NAME_COOKIE);
};
