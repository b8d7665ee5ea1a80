import { Code, type CodeValue, type FieldError, HTTP_STATUS } from '../../contract/envelope';
import type { FieldReason } from '../../contract/field-codes';
import type { RuleReason } from '../../contract/rule-codes';

/**
 * The one error type handlers throw. `app.onError` turns it into the envelope of docs/api.md §1, so no
 * handler builds an error response itself and the status always matches the code.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: CodeValue,
    readonly msg: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = HTTP_STATUS[code] ?? 500;
  }
}

/** 400 with one entry per bad field; msg names them so a bare toast is still useful. */
export function invalid(errors: FieldError[]): ApiError {
  const summary = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  return new ApiError(Code.Invalid, `Invalid input: ${summary}`, { errors });
}

/** 40000 on one field; `reason` gives the console a code to translate (else it shows `message`). */
export const invalidField = (path: string, message: string, reason?: FieldReason) =>
  invalid([{ path, message, ...reason }]);

export const notFound = (what: string) => new ApiError(Code.NotFound, `${what} not found`);

/** 409; a field path lets the form show a duplicate under its input (`reason`: why, as a code). */
export function conflict(msg: string, path?: string, reason?: FieldReason): ApiError {
  return new ApiError(Code.Conflict, msg, path ? { errors: [{ path, message: msg, ...reason }] } : null);
}

/**
 * 409 by a rule of the data: `data.reason` says which, with its parameters, so the console words it
 * in the user's language (`msg` stays the English of docs/api.md). `path` also names a field.
 */
export function refused(rule: RuleReason, msg: string, path?: string): ApiError {
  return new ApiError(Code.Conflict, msg, {
    reason: rule,
    ...(path ? { errors: [{ path, message: msg, code: 'invalid' }] } : {}),
  });
}

export const forbidden = (msg = 'Your role may not do this') =>
  new ApiError(Code.Forbidden, msg, { reason: { code: 'forbidden_role' } satisfies RuleReason });

export const illegalToken = () => new ApiError(Code.IllegalToken, 'Not signed in, or the session was ended');

export const tokenExpired = () => new ApiError(Code.TokenExpired, 'Token expired');

export const badCredentials = () => new ApiError(Code.BadCredentials, 'Account and password are incorrect.');

export const passwordChangeRequired = () =>
  new ApiError(
    Code.PasswordChangeRequired,
    'Your password was set by an administrator or generated: change it before doing anything else',
  );

/** 42900 for sign-in, or for wrong current passwords on the change-password page. */
export function tooManyAttempts(retryAfterSeconds: number, what = 'failed sign-in attempts'): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    Code.TooManyRequests,
    `Too many ${what}. Try again later (in about ${minutes} minute${minutes === 1 ? '' : 's'}).`,
    { retryAfter: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * 413. `close`: the unread rest of the body is still on the socket and will not be read (too big to
 * drain, see body-limit.ts), so the connection ends with the answer.
 */
export const tooLarge = (what = 'Request body', limit = '1 MiB', close = false) =>
  new ApiError(Code.TooLarge, `${what} is too large (limit ${limit})`, null, close ? { Connection: 'close' } : {});

/** 507: the disk (or the database's) is full; whatever the request wrote has been removed. */
export const storageFull = () =>
  new ApiError(
    Code.StorageFull,
    "The server's storage is full: nothing was saved. Try again after space has been freed (tell an administrator).",
  );

/** Error codes of a full disk: Node's file system, SQLite, PostgreSQL (53100 disk_full). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether an error (or one it wraps) says the storage is full. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if (e instanceof ApiError) return e.code === Code.StorageFull;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const unsupportedType = (msg = 'Content-Type must be application/json') =>
  new ApiError(Code.UnsupportedType, msg);
