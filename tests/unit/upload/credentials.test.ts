import { describe, expect, it } from 'vitest';
import {
  checkCredentialSet,
  checkUploadAddress,
  checkUploadAuth,
  checkUploadCredential,
  decodeUploadAddress,
  decodeUploadAuth,
  emptyValueMessage,
  UploadRuleError,
} from '../../../src/upload/credentials';

const full = {
  AccessKeyId: 'id',
  AccessKeySecret: 'secret',
  SecurityToken: 'token',
  Expiration: '2030-01-01T00:00:00Z',
};
const b64 = (o: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))));

describe('checkCredentialSet', () => {
  it.each([
    ['no part', {}, 'none'],
    ['all four parts', full, { ok: true }],
    ['three parts', { ...full, Expiration: '' }, { ok: false, code: 'InvalidParameter.TokenInvalid' }],
    ['one part', { AccessKeyId: 'id' }, { ok: false, code: 'InvalidParameter.TokenInvalid' }],
  ])('accepts all four parts or none: %s', (_, set, expected) => {
    const r = checkCredentialSet(set);
    expect(r === 'none' ? r : { ok: r.ok, ...(r.ok ? {} : { code: r.code }) }).toEqual(expected);
  });
});

describe('checkUploadCredential / checkUploadAuth / checkUploadAddress', () => {
  it.each([
    ['credential', checkUploadCredential, { ...full, Expiration: undefined }, null],
    ['credential', checkUploadCredential, { ...full, AccessKeyId: '' }, 'AccessKeyId'],
    ['credential', checkUploadCredential, { ...full, AccessKeySecret: '  ' }, 'AccessKeySecret'],
    ['credential', checkUploadCredential, { ...full, SecurityToken: undefined }, 'SecurityToken'],
    ['auth', checkUploadAuth, full, null],
    ['auth', checkUploadAuth, { ...full, Expiration: '' }, 'Expiration'],
    ['address', checkUploadAddress, { Endpoint: 'http://h', Bucket: 'b', FileName: 'f' }, null],
    ['address', checkUploadAddress, { Endpoint: '', Bucket: 'b', FileName: 'f' }, 'Endpoint'],
    ['address', checkUploadAddress, { Endpoint: 'http://h', FileName: 'f' }, 'Bucket'],
    ['address', checkUploadAddress, { Endpoint: 'http://h', Bucket: 'b', FileName: null }, 'FileName'],
  ])('checks the upload %s (%#)', (_, check, value, missing) => {
    const r = check(value as Record<string, unknown>);
    if (missing === null) expect(r).toEqual({ ok: true });
    else
      expect(r).toEqual({
        ok: false,
        code: 'InvalidParameter.EmptyValue',
        message: `parameter ${missing} cannot be empty`,
      });
  });
});

describe('decodeUploadAuth / decodeUploadAddress', () => {
  it('decodes base64 JSON, UTF-8 file names included', () => {
    expect(decodeUploadAuth(b64(full))).toEqual(full);
    const address = { Endpoint: 'http://127.0.0.1:1', Bucket: 'b', FileName: 'sv/影片.mp4' };
    expect(decodeUploadAddress(b64(address))).toEqual(address);
  });

  it.each([
    ['an empty auth', () => decodeUploadAuth(''), 'InvalidParameter.EmptyValue', emptyValueMessage('UploadAuth')],
    ['garbage', () => decodeUploadAuth('%%%'), 'InvalidParameter.TokenInvalid', 'UploadAuth is not valid'],
    [
      'an auth without expiration',
      () => decodeUploadAuth(b64({ ...full, Expiration: '' })),
      'InvalidParameter.EmptyValue',
      'parameter Expiration cannot be empty',
    ],
    [
      'an address without bucket',
      () => decodeUploadAddress(b64({ Endpoint: 'e', FileName: 'f' })),
      'InvalidParameter.EmptyValue',
      'parameter Bucket cannot be empty',
    ],
  ])('refuses %s', (_, run, code, message) => {
    try {
      run();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(UploadRuleError);
      expect((e as UploadRuleError).code).toBe(code);
      expect((e as UploadRuleError).message).toBe(message);
    }
  });
});
