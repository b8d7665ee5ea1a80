/**
 * The VOD RPC signature (API.md §5): HMAC-SHA1 over `METHOD&%2F&` + the percent-encoded, sorted
 * canonical query, keyed with `secret&`. Web Crypto, so it runs in the worker and in Node alike.
 */

/** RFC 3986 encoding: space %20, `*` %2A, `~` kept (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

export function stringToSign(method: string, params: Readonly<Record<string, string>>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

function toBase64(bytes: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
}

export async function hmacSha1Base64(key: string, data: string): Promise<string> {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return toBase64(await crypto.subtle.sign('HMAC', k, enc.encode(data)));
}

export function sign(method: string, params: Readonly<Record<string, string>>, secret: string): Promise<string> {
  return hmacSha1Base64(`${secret}&`, stringToSign(method, params));
}
