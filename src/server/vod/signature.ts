import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The two signatures of the video service, as the cloud computes them (API.md §5) and as the
 * console's upload worker (src/upload/vod-signature.ts) and ali-oss (lib/common/signUtils.js) send them.
 */

/** RFC 3986 percent-encoding: space %20, `*` %2A, `~` kept (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** RPC: `METHOD&%2F&` + the percent-encoded, sorted, percent-encoded query (without Signature). */
export function rpcStringToSign(method: string, params: Readonly<Record<string, string>>): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonical)}`;
}

export const hmacSha1 = (key: string, data: string): string =>
  createHmac('sha1', key).update(data, 'utf8').digest('base64');

/** The RPC signature: HMAC-SHA1 keyed with `secret&`, base64. */
export const rpcSignature = (method: string, params: Readonly<Record<string, string>>, secret: string): string =>
  hmacSha1(`${secret}&`, rpcStringToSign(method, params));

/** Constant-time comparison of two signatures (different lengths are simply unequal). */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Query parameters that OSS V1 signs as sub-resources (the rest, like `max-parts`, are not signed).
 * ali-oss signs whatever it passes as `subres`; for the calls we serve that is uploads, uploadId,
 * partNumber, and the response-* overrides of GET.
 */
export const OSS_SUB_RESOURCES = new Set([
  'acl',
  'uploads',
  'location',
  'cors',
  'logging',
  'website',
  'referer',
  'lifecycle',
  'delete',
  'append',
  'tagging',
  'objectMeta',
  'uploadId',
  'partNumber',
  'security-token',
  'position',
  'img',
  'style',
  'styleName',
  'replication',
  'replicationProgress',
  'replicationLocation',
  'cname',
  'bucketInfo',
  'comp',
  'qos',
  'live',
  'status',
  'vod',
  'startTime',
  'endTime',
  'symlink',
  'x-oss-process',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'restore',
  'callback',
  'callback-var',
  'versionId',
  'versioning',
  'versions',
]);

export interface OssSignInput {
  method: string;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
  bucket: string;
  /** The decoded object key ('' for a bucket request). */
  key: string;
  /** Decoded query parameters; only sub-resources are signed. */
  query: Readonly<Record<string, string>>;
}

/**
 * OSS V1 string to sign: VERB, Content-MD5, Content-Type, Date, the sorted `x-oss-*` headers, then
 * `/bucket/key` with sorted sub-resources (`k` alone when its value is empty). Browsers cannot set
 * Date, so ali-oss sends `x-oss-date` and signs that in the Date line; we take it first, like OSS.
 */
export function ossStringToSign(r: OssSignInput): string {
  const h = r.headers;
  const lines = [
    r.method.toUpperCase(),
    h['content-md5'] ?? '',
    h['content-type'] ?? '',
    h['x-oss-date'] ?? h.date ?? '',
  ];
  const ossHeaders = Object.keys(h)
    .filter((k) => k.startsWith('x-oss-') && h[k] !== undefined)
    .sort()
    .map((k) => `${k}:${String(h[k]).trim()}`);
  const subs = Object.keys(r.query)
    .filter((k) => OSS_SUB_RESOURCES.has(k))
    .sort()
    .map((k) => (r.query[k] ? `${k}=${r.query[k]}` : k));
  const resource = `/${r.bucket}/${r.key}${subs.length ? `?${subs.join('&')}` : ''}`;
  return [...lines, ...ossHeaders, resource].join('\n');
}

export const ossSignature = (input: OssSignInput, secret: string): string => hmacSha1(secret, ossStringToSign(input));
