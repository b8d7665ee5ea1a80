import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type OSS from 'ali-oss';
import { ossSignature } from '../../../src/contract/vod-signature';
import { defaultVodConfig, type VodConfig } from '../../../src/server/vod/config';
import type { VodCredential } from '../../../src/upload/protocol';
import { decode, ossOptions, type UploadAddress, type UploadAuth, uploadTarget } from '../../fixtures/oss-target';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server';

/** What GET /video/upload/credential answers (the upload worker's own type). */
export type Credential = VodCredential;
export { decode, ossOptions, type UploadAddress, type UploadAuth, uploadTarget };

export interface Ticket {
  VideoId: string;
  UploadAddress: string;
  UploadAuth: string;
  RequestId: string;
}

/** A video's statuses once its bytes are all there (processing may already have moved it on). */
export const UPLOADED = ['UploadSucc', 'Transcoding', 'TranscodeFail', 'Normal'];

export const startVodServer = (vod: Partial<VodConfig> = {}, opts: TestServerOptions = {}) =>
  startTestServer({ ...opts, config: { ...opts.config, vod: { ...defaultVodConfig, ...vod } } });

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
 * The RPC signature written out independently of the server's code (the test vector of docs/api.md §5
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
  opts: { method?: 'GET' | 'POST'; tamper?: (q: Record<string, string>) => void; secret?: string; at?: Date } = {},
): Promise<RpcResult<T>> {
  const method = opts.method ?? 'GET';
  const signed = signedParams(
    method,
    action,
    params,
    { ...cred, accessKeySecret: opts.secret ?? cred.accessKeySecret },
    opts.at,
  );
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

/**
 * A multipart upload of the file at `path` (`size` bytes) in two parts split at `cut`: begun and
 * given its second part through `begin`, given its first part and completed through `finish` (the
 * same client, or one per server instance).
 */
export async function uploadInTwoParts(begin: OSS, finish: OSS, name: string, path: string, cut: number, size: number) {
  const { uploadId } = await begin.initMultipartUpload(name);
  const p1 = await finish.uploadPart(name, uploadId, 1, path, 0, cut);
  const p2 = await begin.uploadPart(name, uploadId, 2, path, cut, size);
  await finish.completeMultipartUpload(name, uploadId, [
    { number: 1, etag: p1.etag },
    { number: 2, etag: p2.etag },
  ]);
}

/** A video or image ticket from the RPC, its address and credential, and an ali-oss client for it. */
export async function newMedia(
  cred: Credential,
  kind: 'video' | 'image' = 'video',
  /** The server's clock minus ours (a test server moved by advance()): signatures use its time. */
  skewMs = 0,
): Promise<{ id: string; address: UploadAddress; auth: UploadAuth; client: OSS }> {
  const at = new Date(Date.now() + skewMs);
  const t =
    kind === 'video'
      ? await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'Clip', FileName: 'clip.mp4', FileSize: 1 }, { at })
      : await rpc<Ticket & { ImageId: string }>(
          cred,
          'CreateUploadImage',
          { ImageType: 'cover', ImageExt: 'png' },
          { at },
        );
  if (t.status !== 200) throw new Error(`${kind} ticket: ${t.status} ${JSON.stringify(t.body)}`);
  const { address, auth, client } = uploadTarget(t.body);
  const id = kind === 'video' ? t.body.VideoId : (t.body as unknown as { ImageId: string }).ImageId;
  // ali-oss's own allowance for a server clock that differs (it dates its requests with it).
  (client as unknown as { options: { amendTimeSkewed: number } }).options.amendTimeSkewed = skewMs;
  return { id, address, auth, client };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes of the body sent before the answer came. */
  sent: number;
}

/**
 * The URL and headers of an OSS V1 request to a ticket's object, signed as ali-oss signs
 * (x-oss-date, the security token): for requests sent by hand, with fetch or node:http.
 */
export async function signedOss(
  address: UploadAddress,
  auth: UploadAuth,
  o: { method: string; query?: Record<string, string>; headers?: Record<string, string>; skewMs?: number },
): Promise<{ url: string; headers: Record<string, string> }> {
  const query = o.query ?? {};
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'x-oss-date': new Date(Date.now() + (o.skewMs ?? 0)).toUTCString(),
    'x-oss-security-token': auth.SecurityToken,
    ...o.headers,
  };
  const signature = await ossSignature(
    { method: o.method, headers, bucket: address.Bucket, key: address.FileName, query },
    auth.AccessKeySecret,
  );
  headers.authorization = `OSS ${auth.AccessKeyId}:${signature}`;
  const qs = Object.entries(query)
    .map(([k, v]) => (v === '' ? k : `${k}=${encodeURIComponent(v)}`))
    .join('&');
  return { url: `${address.Endpoint}/${address.Bucket}/${address.FileName}${qs ? `?${qs}` : ''}`, headers };
}

/**
 * A signed OSS request written by hand, for what ali-oss will not send: a Content-Length that is
 * not the body's (`declare`), a chunked body, or a body that arrives slowly. `body` chunks are sent
 * `gapMs` apart; sending stops as soon as an answer arrives.
 */
export async function rawOss(
  address: UploadAddress,
  auth: UploadAuth,
  o: {
    method: string;
    query?: Record<string, string>;
    declare?: number | null;
    body?: Uint8Array[];
    gapMs?: number;
    headers?: Record<string, string>;
    /** As newMedia's. */
    skewMs?: number;
  },
): Promise<RawAnswer> {
  const { url, headers } = await signedOss(address, auth, o);
  if (o.declare !== null) {
    headers['content-length'] = String(o.declare ?? (o.body ?? []).reduce((n, c) => n + c.length, 0));
  }
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, { method: o.method, headers }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, sent });
        req.destroy();
      });
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    (async () => {
      for (const chunk of o.body ?? []) {
        if (answered || req.destroyed) return;
        req.write(chunk);
        sent += chunk.length;
        if (o.gapMs) await new Promise((r) => setTimeout(r, o.gapMs));
      }
      // A declared length the body does not reach: leave the request open (the server must not wait).
      if (o.declare === undefined || o.declare === null) req.end();
    })().catch(reject);
  });
}

/** The XML error code of an OSS answer. */
export const ossCode = (body: string) => /<Code>([^<]*)<\/Code>/.exec(body)?.[1];

export interface OssErr {
  code?: string;
  status?: number;
  name?: string;
}

/** The error an ali-oss call fails with (the test fails if it does not fail). */
export async function ossError(p: Promise<unknown>): Promise<OssErr> {
  try {
    await p;
  } catch (e) {
    return e as OssErr;
  }
  throw new Error('expected the call to fail');
}
