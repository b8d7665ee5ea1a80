import { describe, expect, it } from 'vitest';
import { UploadRuleError } from '../../../src/upload/credentials';
import { type Attempts, decide, freshAttempts, MAX_EXPIRES, progressed } from '../../../src/upload/retry-policy';

/** What a failed run leads to (docs/product.md §8-9), with the counters the engine keeps per item. */
describe('retry policy', () => {
  const timeout = { name: 'ConnectionTimeoutError', code: 'ConnectionTimeoutError', status: -2 };
  const expired = { name: 'SecurityTokenExpiredError', code: 'SecurityTokenExpired', status: 403 };
  const gone = { name: 'NoSuchUploadError', code: 'NoSuchUpload', status: 404 };

  it.each<[string, unknown, Attempts, boolean, ReturnType<typeof decide>]>([
    ['our own cancel', { name: 'cancel' }, freshAttempts(), true, { do: 'ignore' }],
    [
      'a timeout while online: retry 1 in 2 s',
      timeout,
      freshAttempts(),
      true,
      { do: 'retry', attempt: 1, delayMs: 2000 },
    ],
    [
      'the third retry waits 8 s',
      timeout,
      { retries: 2, restarts: 0, expires: 0 },
      true,
      { do: 'retry', attempt: 3, delayMs: 8000 },
    ],
    [
      'a fourth timeout fails with its code',
      timeout,
      { retries: 3, restarts: 0, expires: 0 },
      true,
      { do: 'fail', error: { code: 'ConnectionTimeoutError', message: 'upload failed' } },
    ],
    [
      'a network error while offline pauses instead',
      { name: 'RequestError', status: -1 },
      freshAttempts(),
      false,
      {
        do: 'offline',
      },
    ],
    [
      'the server does not answer while online: reconnecting, first try again in 2 s',
      { name: 'RequestError', code: 'RequestError', status: -1 },
      freshAttempts(),
      true,
      { do: 'reconnect', attempt: 1, delayMs: 2000 },
    ],
    [
      'still no answer after three tries: keep waiting (every 8 s), never a failure',
      { name: 'RequestError', code: 'RequestError', status: -1 },
      { retries: 7, restarts: 0, expires: 0 },
      true,
      { do: 'reconnect', attempt: 8, delayMs: 8000 },
    ],
    [
      'fetch() could not reach the video service (a TypeError): reconnecting',
      new TypeError('Failed to fetch'),
      { retries: 3, restarts: 0, expires: 0 },
      true,
      { do: 'reconnect', attempt: 4, delayMs: 8000 },
    ],
    [
      'the console could not reach the server for a credential: reconnecting',
      Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' }),
      freshAttempts(),
      true,
      { do: 'reconnect', attempt: 1, delayMs: 2000 },
    ],
    ['an expired token', expired, freshAttempts(), true, { do: 'expire' }],
    [
      'expired again and again fails',
      expired,
      { retries: 0, restarts: 0, expires: MAX_EXPIRES },
      true,
      { do: 'fail', error: { code: 'SecurityTokenExpired', message: 'upload failed' } },
    ],
    ['the upload is gone: restart once', gone, freshAttempts(), true, { do: 'restart' }],
    [
      'gone twice fails',
      gone,
      { retries: 0, restarts: 1, expires: 0 },
      true,
      { do: 'fail', error: { code: 'NoSuchUpload', message: 'upload failed' } },
    ],
    [
      "ali-oss's abort twice is OSSAbort",
      { name: 'abort' },
      { retries: 0, restarts: 1, expires: 0 },
      true,
      { do: 'fail', error: { code: 'OSSAbort', message: 'upload stopped because of OSS abort' } },
    ],
    [
      'a refused UserId',
      { code: 'InvalidParameter', message: 'The UserId is invalid' },
      freshAttempts(),
      true,
      { do: 'invalid-user-id' },
    ],
    [
      'a rule of docs/product.md §5 fails at once with its code',
      new UploadRuleError('InvalidParameter.TokenInvalid', 'UploadAuth is not valid'),
      freshAttempts(),
      true,
      { do: 'fail', error: { code: 'InvalidParameter.TokenInvalid', message: 'UploadAuth is not valid' } },
    ],
    [
      'anything else fails with the service message',
      { name: 'InvalidPartError', code: 'InvalidPart', status: 400, message: 'bad part' },
      freshAttempts(),
      true,
      { do: 'fail', error: { code: 'InvalidPart', message: 'bad part' } },
    ],
  ])('%s', (_name, error, attempts, online, expected) => {
    expect(decide(error, attempts, online)).toEqual(expected);
  });

  it('counts the attempt, and a stored part resets retries and expiries (not restarts)', () => {
    const a = freshAttempts();
    decide(timeout, a, true);
    decide(expired, a, true);
    decide(gone, a, true);
    expect(a).toEqual({ retries: 1, restarts: 1, expires: 1 });
    progressed(a);
    expect(a).toEqual({ retries: 0, restarts: 1, expires: 0 });
  });
});
