import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  percentEncode,
  sameSignature,
  rpcSignature as sign,
  rpcStringToSign as stringToSign,
} from '../../../src/contract/vod-signature';
import { signedParams, timestamp } from '../../../src/upload/vod-client';
import { RPC_VECTOR_SIGNATURE, RPC_VECTOR as VECTOR } from '../../fixtures/rpc-vector';

describe('percentEncode', () => {
  it.each([
    ['a b', 'a%20b'],
    ['*', '%2A'],
    ['~', '~'],
    ["!'()", '%21%27%28%29'],
    ['2016-02-23T12:46:24Z', '2016-02-23T12%3A46%3A24Z'],
    ['影', '%E5%BD%B1'],
    ['/', '%2F'],
    ['a+b=c&d', 'a%2Bb%3Dc%26d'],
  ])('encodes %s as %s', (raw, encoded) => {
    expect(percentEncode(raw)).toBe(encoded);
  });
});

describe('sign', () => {
  it('matches the published test vector', async () => {
    expect(await sign('GET', VECTOR, 'testsecret')).toBe(RPC_VECTOR_SIGNATURE);
  });

  it('sorts the query and encodes it twice into the string to sign', () => {
    expect(canonicalQuery({ b: '2', a: 'x y' })).toBe('a=x%20y&b=2');
    expect(stringToSign('get', { b: '2', a: 'x y' })).toBe('GET&%2F&a%3Dx%2520y%26b%3D2');
  });

  it('ignores the Signature parameter itself and depends on method, values and secret', async () => {
    const get = await sign('GET', VECTOR, 'testsecret');
    expect(await sign('GET', { ...VECTOR, Signature: 'x' }, 'testsecret')).toBe(get);
    expect(await sign('POST', VECTOR, 'testsecret')).not.toBe(get);
    expect(await sign('GET', { ...VECTOR, Action: 'X' }, 'testsecret')).not.toBe(get);
    expect(await sign('GET', VECTOR, 'other')).not.toBe(get);
    expect(stringToSign('GET', { b: '1 2', a: '*' })).toBe('GET&%2F&a%3D%252A%26b%3D1%25202');
  });
});

describe('signedParams', () => {
  it('carries the common parameters and a signature over all of them', async () => {
    const cred = { accessKeyId: 'ak', accessKeySecret: 'sk', securityToken: 'tok' };
    const p = await signedParams('GET', 'CreateUploadVideo', { Title: 'T', CateId: 3, Tags: undefined }, cred, {
      now: () => new Date('2026-01-02T03:04:05.678Z'),
      nonce: () => 'n-1',
    });
    expect(p).toMatchObject({
      Action: 'CreateUploadVideo',
      AccessKeyId: 'ak',
      SecurityToken: 'tok',
      Version: '2017-03-21',
      Format: 'JSON',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'n-1',
      Timestamp: '2026-01-02T03:04:05Z',
      Title: 'T',
      CateId: '3',
    });
    expect('Tags' in p).toBe(false);
    const { Signature, ...rest } = p;
    expect(Signature).toBe(await sign('GET', rest, 'sk'));
  });

  it('formats timestamps without milliseconds', () => {
    expect(timestamp(new Date(Date.UTC(2016, 1, 23, 12, 46, 24, 999)))).toBe('2016-02-23T12:46:24Z');
  });
});

describe('sameSignature', () => {
  it.each([
    ['abc=', 'abc=', true],
    ['abc=', 'abd=', false],
    ['abc=', 'abc', false],
    ['', '', true],
  ])('%s vs %s → %s', (a, b, same) => {
    expect(sameSignature(a, b)).toBe(same);
  });
});
