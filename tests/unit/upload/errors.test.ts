import { describe, expect, it } from 'vitest';
import { classifyError, errorCode } from '../../../src/upload/errors';

describe('classifyError', () => {
  it.each([
    // retried
    [{ name: 'RequestTimeoutError', code: 'RequestTimeout', status: 400 }, 'retry'],
    [{ name: 'ConnectionTimeoutError', status: -2 }, 'retry'],
    [{ name: 'ResponseTimeoutError', status: -2 }, 'retry'],
    [{ name: 'RequestError', status: -1, message: 'net::ERR_INTERNET_DISCONNECTED' }, 'retry'],
    [{ name: 'TypeError', message: 'Failed to fetch' }, 'retry'],
    // expired credentials
    [{ name: 'InvalidAccessKeyIdError', code: 'InvalidAccessKeyId', status: 403 }, 'expire'],
    [{ code: 'SignatureDoesNotMatch', status: 403 }, 'expire'],
    [{ code: 'SecurityTokenExpired', status: 403 }, 'expire'],
    [{ code: 'InvalidSecurityToken.Expired', status: 403 }, 'expire'],
    // the upload is gone
    [{ name: 'NoSuchUploadError', code: 'NoSuchUpload', status: 404 }, 'restart'],
    [{ name: 'abort', status: 0, message: 'upload task has been abort' }, 'restart'],
    // the user id
    [{ code: 'InvalidParameter', message: 'The UserId is invalid' }, 'invalid-user-id'],
    [{ code: 'InvalidParameter', message: 'The FileHash is invalid' }, 'failure'],
    // ours
    [{ name: 'cancel', status: 0 }, 'cancel'],
    // anything else
    [{ code: 'InvalidPart', status: 400 }, 'failure'],
    [{ name: 'Error', message: 'boom' }, 'failure'],
  ])('maps %o to %s', (err, outcome) => {
    expect(classifyError(err)).toBe(outcome);
  });

  it('treats InvalidAccessKeyId without a token as a failure, not an expiry', () => {
    expect(classifyError({ code: 'InvalidAccessKeyId' }, false)).toBe('failure');
  });
});

describe('errorCode', () => {
  it.each([
    [{ code: 'NoSuchUpload', name: 'NoSuchUploadError' }, 'NoSuchUpload'],
    [{ name: 'SecurityTokenExpiredError' }, 'SecurityTokenExpired'],
    [{ name: 'Error' }, 'Error'],
    [{ name: 'TypeError', message: 'Failed to fetch' }, 'TypeError'],
    [{}, 'Error'],
  ])('reads the service code of %o', (err, code) => {
    expect(errorCode(err)).toBe(code);
  });
});
