import type { FieldCode } from './field-codes';

/**
 * The response envelope and codes of docs/api.md §1, shared by the console, the workers and the server.
 * Every response body is `{ code, msg, data }`.
 */
export const Code = {
  Ok: 20000,
  /** The original console also treated 0 as success (docs/product.md §8). */
  OkAlt: 0,
  Invalid: 40000,
  BadCredentials: 60204,
  /** No token, unknown token or revoked token. */
  IllegalToken: 50008,
  /** Kept from the original console: "other clients logged in". Never sent by Lectern's server. */
  OtherClientLoggedIn: 50012,
  TokenExpired: 50014,
  Forbidden: 40300,
  /** Signed in, but the password must be changed before anything else (docs/api.md §6). */
  PasswordChangeRequired: 40310,
  /** A change of sign-in details needs a recent sign-in or POST /auth/reauth first (ASVS 7.5.1). */
  ReauthRequired: 40311,
  NotFound: 40400,
  Conflict: 40900,
  TooLarge: 41300,
  UnsupportedType: 41500,
  TooManyRequests: 42900,
  Internal: 50000,
  /** The server's storage is full: nothing of the write was kept. */
  StorageFull: 50700,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes for which the console asks the user to sign in again (docs/product.md §8). */
export const LOGOUT_CODES: readonly number[] = [Code.IllegalToken, Code.OtherClientLoggedIn, Code.TokenExpired];

export const isSuccessCode = (code: number): boolean => code === Code.Ok || code === Code.OkAlt;

/**
 * One refused field. `code` and `params` (docs/api-additions.md) say why in a form a client can
 * translate; `message` is the same in English (docs/api.md).
 */
export interface FieldError {
  path: string;
  message: string;
  code?: FieldCode;
  params?: Readonly<Record<string, string | number>>;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** `data` of a 40000 response. */
export interface InvalidData {
  errors: FieldError[];
}

/** HTTP status for each code, so the server maps errors in one place. */
export const HTTP_STATUS: Record<number, number> = {
  [Code.Ok]: 200,
  [Code.Invalid]: 400,
  [Code.BadCredentials]: 401,
  [Code.IllegalToken]: 401,
  [Code.TokenExpired]: 401,
  [Code.Forbidden]: 403,
  [Code.PasswordChangeRequired]: 403,
  [Code.ReauthRequired]: 403,
  [Code.NotFound]: 404,
  [Code.Conflict]: 409,
  [Code.TooLarge]: 413,
  [Code.UnsupportedType]: 415,
  [Code.TooManyRequests]: 429,
  [Code.Internal]: 500,
  [Code.StorageFull]: 507,
};

export const API_BASE = '/prod-api';
