/**
 * What an ali-oss or VOD RPC error means for the queue (docs/product.md §8). One table, read by the worker:
 * - retry: timeouts and network failures, 3 times with a 2 s exponential backoff;
 * - expire: the temporary credential is no longer accepted: uploader → Expire, refresh, resume;
 * - restart: the multipart upload is gone (NoSuchUpload): drop the checkpoint, start the file again;
 * - invalid-user-id: the service refuses our UserId: stop reporting progress, carry on uploading;
 * - cancel: our own cancel, not an error;
 * - failure: anything else: the item is Failure with the error's code and message.
 */
export type ErrorOutcome = 'retry' | 'expire' | 'restart' | 'invalid-user-id' | 'cancel' | 'failure';

export interface ErrorLike {
  name?: string;
  code?: string;
  status?: number;
  message?: string;
}

const RETRY_CODES = new Set([
  'RequestTimeout',
  'ConnectionTimeout',
  'ConnectionTimeoutError',
  'ResponseTimeoutError',
  'RequestError',
  'ResponseError',
  'NetworkError',
]);
const EXPIRE_CODES = new Set(['SignatureDoesNotMatch', 'SecurityTokenExpired', 'InvalidSecurityToken.Expired']);

const JS_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'AbortError', 'DOMException']);

/** The error's service code: `code`, else ali-oss's `{Code}Error` name without its suffix. */
export function errorCode(e: ErrorLike): string {
  if (e.code) return e.code;
  if (e.name && !JS_ERRORS.has(e.name) && e.name.endsWith('Error')) return e.name.slice(0, -'Error'.length);
  return e.name ?? 'Error';
}

/**
 * The server never answered (connection refused or reset, DNS, a blocked route): not a slow or
 * refused request but one that could not reach anyone. ali-oss's transport reports it as
 * RequestError (status -1), fetch() as a TypeError, the console's credential request as NetworkError.
 */
export function isUnreachable(e: ErrorLike): boolean {
  if (e.name === 'NetworkError' || e.code === 'NetworkError') return true;
  if (e.status === -1 || e.code === 'RequestError' || e.name === 'RequestError') return true;
  return e.name === 'TypeError' && /fetch|network/i.test(e.message ?? '');
}

/**
 * @param usingToken whether the request carried a security token: InvalidAccessKeyId then means the
 *   temporary key expired and was forgotten, not that it was never valid.
 */
export function classifyError(e: ErrorLike, usingToken = true): ErrorOutcome {
  if (e.name === 'cancel') return 'cancel';
  const code = errorCode(e);
  // ali-oss turns a 404 on UploadPart into an 'abort' event: the upload id is gone, as NoSuchUpload.
  if (code === 'NoSuchUpload' || e.name === 'abort') return 'restart';
  if (EXPIRE_CODES.has(code) || (code === 'InvalidAccessKeyId' && usingToken)) return 'expire';
  if (code.startsWith('InvalidParameter') && /UserId/i.test(e.message ?? '')) return 'invalid-user-id';
  if (RETRY_CODES.has(code) || RETRY_CODES.has(e.name ?? '') || e.status === -1 || e.status === -2) return 'retry';
  // fetch() rejects with a TypeError when the network is down.
  if (e.name === 'TypeError' && /fetch|network/i.test(e.message ?? '')) return 'retry';
  return 'failure';
}
