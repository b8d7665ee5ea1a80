/**
 * The two signatures of the video service (docs/api.md §5), written once for the console's upload
 * worker and for the server that checks them: Web Crypto and plain string work only, so the same
 * code runs in a WebWorker and in Node. The OSS V1 string to sign is what ali-oss sends
 * (lib/common/signUtils.js).
 */

/** `!'()*`: what encodeURIComponent leaves alone and RFC 3986 encodes. */
const isSubDelim = (b: number) => b === 0x21 || b === 0x27 || b === 0x28 || b === 0x29 || b === 0x2a;
const SUB_DELIM = /[!'()*]/;
const HEX = '0123456789ABCDEF';
const ascii = { encoder: new TextEncoder(), decoder: new TextDecoder() };

/**
 * RFC 3986 percent-encoding: space %20, `*` %2A, `~` kept (encodeURIComponent leaves !'()* alone).
 * The server encodes up to a megabyte of a signed call; a regex replace with a callback per `'`
 * took it hundreds of milliseconds, so those few characters are escaped over the bytes (all ASCII
 * once encodeURIComponent is done).
 */
export function percentEncode(value: string): string {
  const encoded = encodeURIComponent(value);
  if (!SUB_DELIM.test(encoded)) return encoded;
  const src = ascii.encoder.encode(encoded);
  let size = src.length;
  for (const b of src) if (isSubDelim(b)) size += 2;
  const out = new Uint8Array(size);
  let j = 0;
  for (const b of src) {
    if (isSubDelim(b)) {
      out[j++] = 0x25;
      out[j++] = HEX.charCodeAt(b >> 4);
      out[j++] = HEX.charCodeAt(b & 15);
    } else out[j++] = b;
  }
  return ascii.decoder.decode(out);
}

/** The sorted, percent-encoded query, without the Signature parameter (it cannot sign itself). */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

/** The longest slice of a value rpcStringToSignParts encodes in one piece. */
const SIGN_SLICE = 64 * 1024;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The RPC string to sign in pieces whose concatenation is rpcStringToSign: long values come in
 * slices of at most 64 Ki characters, so that a server can hash a megabyte of a call piece by
 * piece and let other requests run in between. Percent-encoding works character by character, so
 * encoding the canonical query whole or piece by piece gives the same text.
 */
export function* rpcStringToSignParts(method: string, params: Readonly<Record<string, string>>): Generator<string> {
  yield `${method.toUpperCase()}&${percentEncode('/')}&`;
  const keys = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort();
  for (const [i, k] of keys.entries()) {
    // `&` between pairs and `=` within one, as the canonical query has them, encoded once more.
    yield `${i > 0 ? '%26' : ''}${percentEncode(percentEncode(k))}%3D`;
    const v = params[k] ?? '';
    for (let at = 0; at < v.length; ) {
      let end = Math.min(v.length, at + SIGN_SLICE);
      // Never between the halves of a surrogate pair: a half alone cannot be encoded.
      if (end < v.length && isHighSurrogate(v.charCodeAt(end - 1))) end--;
      yield percentEncode(percentEncode(v.slice(at, end)));
      at = end;
    }
  }
}

/** RPC: `METHOD&%2F&` + the canonical query, percent-encoded once more. */
export function rpcStringToSign(method: string, params: Readonly<Record<string, string>>): string {
  return [...rpcStringToSignParts(method, params)].join('');
}

function toBase64(bytes: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
}

/** HMAC-SHA1, base64: the MAC of both signatures. */
export async function hmacSha1(key: string, data: string): Promise<string> {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return toBase64(await crypto.subtle.sign('HMAC', k, enc.encode(data)));
}

/** What an HMAC-SHA1 (base64) is taken over, and with which key: the whole algorithm but the MAC. */
export interface SigningInput {
  key: string;
  data: string;
}

/** The RPC signature's key: `secret&`. */
export const rpcSigningKey = (secret: string) => `${secret}&`;

/** The RPC signature's input. */
export const rpcSigningInput = (
  method: string,
  params: Readonly<Record<string, string>>,
  secret: string,
): SigningInput => ({ key: rpcSigningKey(secret), data: rpcStringToSign(method, params) });

/** The RPC signature with Web Crypto (the worker; the server uses Node's synchronous HMAC on the same input). */
export const rpcSignature = (method: string, params: Readonly<Record<string, string>>, secret: string) => {
  const { key, data } = rpcSigningInput(method, params, secret);
  return hmacSha1(key, data);
};

/**
 * Constant-time comparison of two signatures (different lengths are simply unequal): the time
 * taken does not tell an attacker how many leading characters were right.
 */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Query parameters that OSS V1 signs as sub-resources (the rest, like `max-parts`, are not signed).
 * ali-oss signs whatever it passes as `subres`; for the calls we serve that is uploads, uploadId,
 * partNumber, and the response-* overrides of GET.
 */
export const OSS_SUB_RESOURCES: ReadonlySet<string> = new Set([
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

/** The OSS V1 signature's input: keyed with the secret itself. */
export const ossSigningInput = (input: OssSignInput, secret: string): SigningInput => ({
  key: secret,
  data: ossStringToSign(input),
});

export const ossSignature = (input: OssSignInput, secret: string) => {
  const { key, data } = ossSigningInput(input, secret);
  return hmacSha1(key, data);
};
