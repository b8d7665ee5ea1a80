import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  ossSignature,
  ossSigningInput,
  ossStringToSign,
  rpcSignature,
  rpcSigningInput,
  rpcSigningKey,
  rpcStringToSignParts,
} from '../../../src/contract/vod-signature';
import { defaultVodConfig, vodConnectSrc } from '../../../src/server/vod/config';
import { mac, macOfParts } from '../../../src/server/vod/mac';
import { assumeRole, assumeRoleParams } from '../../../src/server/vod/sts';
import { RPC_VECTOR, RPC_VECTOR_SECRET, RPC_VECTOR_SIGNATURE } from '../../fixtures/rpc-vector';
import { sign } from './helpers';

/** ali-oss's own string-to-sign (lib/common/signUtils.js): the server must agree with it exactly. */
const signUtils = createRequire(import.meta.url)('ali-oss/lib/common/signUtils.js') as {
  buildCanonicalString(
    method: string,
    resource: string,
    req: { headers: Record<string, string>; parameters?: unknown },
  ): string;
};

describe('RPC signature (the contract module, tested in tests/unit/upload/vod-signature.test.ts)', () => {
  it("the tests' independent signer agrees with it, so the HTTP tests sign as the cloud does", async () => {
    const vector = RPC_VECTOR;
    expect(sign('GET', vector, RPC_VECTOR_SECRET)).toBe(RPC_VECTOR_SIGNATURE);
    expect(await rpcSignature('GET', { ...vector, Title: '中 *~' }, 's')).toBe(
      sign('GET', { ...vector, Title: '中 *~' }, 's'),
    );
  });

  it("the server's synchronous MAC equals the worker's Web Crypto one on the same signing input", async () => {
    const vectorOf = (extra: Record<string, string>) => ({ AccessKeyId: 'testid', Action: 'X', ...extra });
    for (const [params, secret] of [
      [vectorOf({ Title: '影片 *~!' }), 'testsecret'],
      [vectorOf({ Empty: '' }), 'ü-secret'],
    ] as const) {
      expect(mac(rpcSigningInput('POST', params, secret))).toBe(await rpcSignature('POST', params, secret));
    }
    const oss = { method: 'PUT', headers: { 'x-oss-date': 'D' }, bucket: 'b', key: 'k 1', query: { uploads: '' } };
    expect(mac(ossSigningInput(oss, 'sk'))).toBe(await ossSignature(oss, 'sk'));
  });

  it('the MAC over the string to sign in slices (long values) equals the one over it whole', async () => {
    // Slices are 64 Ki characters: a surrogate pair across the boundary, quotes that grow when
    // encoded, a value of exactly one slice and one of several.
    const slice = 64 * 1024;
    const params = {
      AccessKeyId: 'testid',
      Action: 'ReportUploadProgress',
      UploadPoint: `${"'".repeat(slice - 1)}😀${'中*'.repeat(slice)}`,
      Exact: 'x'.repeat(slice),
      Empty: '',
    };
    const parts = [...rpcStringToSignParts('POST', params)];
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join('')).toBe(rpcSigningInput('POST', params, 's').data);
    expect(await macOfParts(rpcSigningKey('s'), rpcStringToSignParts('POST', params))).toBe(sign('POST', params, 's'));
  });
});

describe('OSS V1 string to sign', () => {
  const headers = {
    'content-md5': 'XrY7u+Ae7tCTyyK7j1rNww==',
    'content-type': 'video/mp4',
    'x-oss-date': 'Wed, 01 Jan 2025 00:00:00 GMT',
    'x-oss-security-token': ' tok ',
    'x-oss-user-agent': 'aliyun-sdk-js/6.23.0',
  };

  it.each([
    ['PUT', 'video/a b.mp4', { partNumber: '3', uploadId: 'ABC' }],
    ['POST', 'video/x.mp4', { uploads: '' }],
    ['GET', 'image/y.png', {}],
  ])('%s %s %o agrees with ali-oss', (method, key, subres) => {
    const ours = ossStringToSign({
      method,
      headers,
      bucket: 'lectern-media',
      key,
      query: { ...subres, 'max-parts': '5' },
    });
    const theirs = signUtils.buildCanonicalString(method, `/lectern-media/${key}`, {
      headers: {
        'Content-MD5': headers['content-md5'],
        'Content-Type': headers['content-type'],
        'x-oss-date': headers['x-oss-date'],
        'x-oss-security-token': headers['x-oss-security-token'],
        'x-oss-user-agent': headers['x-oss-user-agent'],
      },
      parameters: Object.fromEntries(Object.entries(subres).map(([k, v]) => [k, v === '' ? null : v])),
    });
    expect(ours).toBe(theirs);
  });

  it('falls back to Date when there is no x-oss-date', () => {
    const s = ossStringToSign({ method: 'GET', headers: { date: 'D' }, bucket: 'b', key: 'k', query: {} });
    expect(s).toBe('GET\n\n\nD\n/b/k');
  });
});

describe('cloud mode', () => {
  const cloud = {
    accessKeyId: 'LTAIexample',
    accessKeySecret: 'secret',
    roleArn: 'acs:ram::123:role/lectern-upload',
    userId: '123',
    vodEndpoint: 'https://vod.cn-shanghai.aliyuncs.com',
    stsEndpoint: 'https://sts.cn-shanghai.aliyuncs.com',
  };
  const services = { now: () => new Date('2025-01-02T03:04:05.678Z'), nonce: () => 'n-1' };

  it('signs AssumeRole as an RPC POST with at least 900 s', async () => {
    const p = assumeRoleParams(cloud, 'lectern-7', 60, services);
    expect(p).toMatchObject({
      Action: 'AssumeRole',
      Version: '2015-04-01',
      RoleArn: cloud.roleArn,
      RoleSessionName: 'lectern-7',
      DurationSeconds: '900',
      Timestamp: '2025-01-02T03:04:05Z',
      AccessKeyId: cloud.accessKeyId,
    });
    const { Signature, ...rest } = p;
    expect(Signature).toBe(sign('POST', rest, 'secret'));
  });

  it('posts the form to the STS endpoint and maps the answer (offline, injected fetch)', async () => {
    const seen = { url: '', body: '' };
    const fetch = (async (url: string, init: RequestInit) => {
      seen.url = url;
      seen.body = String(init.body);
      return Response.json({
        Credentials: {
          AccessKeyId: 'STS.x',
          AccessKeySecret: 's',
          SecurityToken: 't',
          Expiration: '2025-01-02T04:04:05Z',
        },
      });
    }) as unknown as typeof globalThis.fetch;
    const cr = await assumeRole(cloud, 'lectern-7', 900, { ...services, fetch });
    expect(cr).toEqual({
      accessKeyId: 'STS.x',
      accessKeySecret: 's',
      securityToken: 't',
      expiration: '2025-01-02T04:04:05Z',
    });
    expect(seen).toMatchObject({ url: 'https://sts.cn-shanghai.aliyuncs.com/' });
    expect(new URLSearchParams(seen.body).get('Action')).toBe('AssumeRole');
  });

  it('adds the cloud endpoints to connect-src; local mode adds nothing', () => {
    expect(vodConnectSrc(defaultVodConfig)).toEqual([]);
    expect(vodConnectSrc({ ...defaultVodConfig, mode: 'cloud', cloud })).toEqual([
      'https://vod.cn-shanghai.aliyuncs.com',
      'https://*.oss-cn-shanghai.aliyuncs.com',
    ]);
  });
});
