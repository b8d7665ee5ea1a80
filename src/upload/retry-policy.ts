import { UploadRuleError } from './credentials';
import { classifyError, errorCode, isUnreachable } from './errors';
import { MAX_RETRIES, retryDelay } from './limits';
import type { UploadError } from './protocol';
import { MESSAGES } from './queue';

/**
 * What to do when an item's run failed (docs/product.md §8-9), given how often it has already been retried,
 * restarted and re-authorised. errors.ts says what an error means; this says what the worker does
 * about it, and counts:
 * - retry (timeouts, network): 3 times, 2 s / 4 s / 8 s; offline instead pauses the item;
 * - reconnect: the server could not be reached at all (it is down, restarting, or its route is
 *   blocked) while the browser says it is online: like offline, never a failure; the item waits
 *   ("reconnecting") and tries again, 2 s / 4 s / 8 s, then every 8 s, until the server answers;
 * - expire: renew the credential and resume, unless it expired again more than {@link MAX_EXPIRES} times;
 * - restart (NoSuchUpload): once from scratch; a second loss of the upload fails the item (OSSAbort
 *   when ali-oss reported it as an abort);
 * - the counts of retries and expiries start again when a part is stored (see {@link progressed}).
 */
export const MAX_EXPIRES = 3;

export interface Attempts {
  retries: number;
  restarts: number;
  expires: number;
}

export const freshAttempts = (): Attempts => ({ retries: 0, restarts: 0, expires: 0 });

export type Decision =
  /** Our own cancel: nothing to do. */
  | { do: 'ignore' }
  /** The network is down: pause the item (waiting for network), not a failure. */
  | { do: 'offline' }
  | { do: 'retry'; attempt: number; delayMs: number }
  /** The server is unreachable: wait (the item shows "reconnecting") and try again after delayMs. */
  | { do: 'reconnect'; attempt: number; delayMs: number }
  | { do: 'expire' }
  /** Forget the checkpoint and start the file again. */
  | { do: 'restart' }
  /** The service refuses our UserId: stop reporting progress and run again. */
  | { do: 'invalid-user-id' }
  | { do: 'fail'; error: UploadError };

interface ErrorFields {
  name?: string;
  code?: string;
  status?: number;
  message?: string;
}

/** Decides, and counts the attempt in `a`. `online`: whether the worker believes it is online. */
export function decide(e: unknown, a: Attempts, online: boolean): Decision {
  if (e instanceof UploadRuleError) return { do: 'fail', error: { code: e.code, message: e.message } };
  const err = (e ?? {}) as ErrorFields;
  const fail = (): Decision => ({
    do: 'fail',
    error: { code: errorCode(err), message: err.message || 'upload failed' },
  });
  switch (classifyError(err)) {
    case 'cancel':
      return { do: 'ignore' };
    case 'retry': {
      if (!online) return { do: 'offline' };
      a.retries += 1;
      if (isUnreachable(err)) {
        return { do: 'reconnect', attempt: a.retries, delayMs: retryDelay(Math.min(a.retries, MAX_RETRIES)) ?? 0 };
      }
      const delayMs = retryDelay(a.retries);
      return delayMs === null ? fail() : { do: 'retry', attempt: a.retries, delayMs };
    }
    case 'expire':
      a.expires += 1;
      return a.expires > MAX_EXPIRES ? fail() : { do: 'expire' };
    case 'restart':
      a.restarts += 1;
      if (a.restarts <= 1) return { do: 'restart' };
      if (err.name === 'abort') return { do: 'fail', error: { code: 'OSSAbort', message: MESSAGES.OSSAbort } };
      return fail();
    case 'invalid-user-id':
      return { do: 'invalid-user-id' };
    case 'failure':
      return fail();
  }
}

/** A part was stored: the connection and the credential work again. */
export function progressed(a: Attempts): void {
  a.retries = 0;
  a.expires = 0;
}
