import { getCookie, removeCookie, setCookie } from './cookies';

/** The credential lives in the `Authorization` cookie (SPEC.md §4); the server reads it only from X-Token. */
const TOKEN_COOKIE = 'Authorization';

export const getToken = (): string | undefined => getCookie(TOKEN_COOKIE) || undefined;
export const setToken = (token: string): void => setCookie(TOKEN_COOKIE, token);
export const removeToken = (): void => removeCookie(TOKEN_COOKIE);
