import { createHmac, randomUUID } from 'node:crypto';
import type OSS from 'ali-oss';
import { defaultVodConfig, type VodConfig } from '../../../src/server/vod/config';
import { startTestServer, type TestServer } from '../helpers/test-server';

export interface Credential {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
  region: string;
  vodEndpoint: string;
  userId: string;
}

export interface Ticket {
  VideoId: string;
  UploadAddress: string;
  UploadAuth: string;
  RequestId: string;
}

export interface UploadAddress {
  Endpoint: string;
  Bucket: string;
  FileName: string;
}

export interface UploadAuth {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  Expiration: string;
  Region: string;
}

export const startVodServer = (vod: Partial<VodConfig> = {}) =>
  startTestServer({ config: { vod: { ...defaultVodConfig, ...vod } } });

export async function credential(s: TestServer, token = s.adminToken): Promise<Credential> {
  const res = await s.call<Credential>('GET', '/video/upload/credential', { token });
  if (res.status !== 200) throw new Error(`credential: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface RpcResult<T> {
  status: number;
  body: T & { Code?: string; Message?: string; RequestId: string };
  headers: Headers;
}

type Params = Record<string, string | number | undefined>;

/**
 * The RPC signature written out independently of the server's code (the test vector of API.md §5
 * pins both): RFC 3986 encoding, sorted query, `METHOD&%2F&…`, HMAC-SHA1 keyed `secret&`.
 */
const enc = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export function sign(method: string, q: Record<string, string>, secret: string): string {
  const canonical = Object.keys(q)
    .sort()
    .map((k) => `${enc(k)}=${enc(q[k] ?? '')}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&%2F&${enc(canonical)}`)
    .digest('base64');
}

export function signedParams(
  method: string,
  action: string,
  params: Params,
  cred: Pick<Credential, 'accessKeyId' | 'accessKeySecret' | 'securityToken'>,
  at = new Date(),
): Record<string, string> {
  const q: Record<string, string> = {
    Action: action,
    AccessKeyId: cred.accessKeyId,
    SecurityToken: cred.securityToken,
    Version: '2017-03-21',
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: `${at.toISOString().slice(0, 19)}Z`,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q[k] = String(v);
  q.Signature = sign(method, q, cred.accessKeySecret);
  return q;
}

/** One signed RPC call; `tamper` edits the query after signing, `secret` signs with another key. */
export async function rpc<T = Record<string, string>>(
  cred: Credential,
  action: string,
  params: Params = {},
  opts: { method?: 'GET' | 'POST'; tamper?: (q: Record<string, string>) => void; secret?: string } = {},
): Promise<RpcResult<T>> {
  const method = opts.method ?? 'GET';
  const signed = signedParams(method, action, params, {
    ...cred,
    accessKeySecret: opts.secret ?? cred.accessKeySecret,
  });
  opts.tamper?.(signed);
  const body = new URLSearchParams(signed).toString();
  const res =
    method === 'GET'
      ? await fetch(`${cred.vodEndpoint}?${body}`)
      : await fetch(cred.vodEndpoint, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
  return { status: res.status, body: (await res.json()) as RpcResult<T>['body'], headers: res.headers };
}

export const decode = <T>(b64: string): T => JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as T;

/** The options that make ali-oss talk path-style to the local service (as src/upload/oss.ts does). */
export function ossOptions(address: UploadAddress, auth: UploadAuth): OSS.Options {
  return {
    endpoint: address.Endpoint,
    bucket: address.Bucket,
    region: auth.Region,
    accessKeyId: auth.AccessKeyId,
    accessKeySecret: auth.AccessKeySecret,
    stsToken: auth.SecurityToken,
    secure: false,
    sldEnable: true,
  } as OSS.Options;
}
