import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { VodConfig } from './config';

/** Whether `host` (a Host header value) is on the list: `name` entries allow any port, `name:port` one. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  // Nothing but host[:port]: no user info, path or anything the URL parser would tolerate.
  if (url.host !== host.toLowerCase() && `${url.hostname}:80` !== host.toLowerCase()) return false;
  const port = url.port || '80';
  return allowed.some((a) => a === url.hostname || a === `${url.hostname}:${port}`);
}

/**
 * The origin clients reach this server at, for vodEndpoint, UploadAddress and ImageURL: the
 * configured public origin; else the request's Host (behind a trusted proxy, X-Forwarded-Host and
 * X-Forwarded-Proto) when that host is in LECTERN_VOD_ALLOWED_HOSTS; else null. A Host header is
 * whatever the client wrote: never echoed into an address unless the configuration names it.
 */
export function allowedOrigin(c: Context<AppEnv>, vod: VodConfig, trustProxy: boolean): string | null {
  if (vod.publicOrigin) return vod.publicOrigin;
  const first = (h: string | undefined) => h?.split(',')[0]?.trim() || undefined;
  const host = (trustProxy ? first(c.req.header('x-forwarded-host')) : undefined) ?? c.req.header('host');
  if (!host || !hostAllowed(host, vod.allowedHosts)) return null;
  const proto = trustProxy ? first(c.req.header('x-forwarded-proto')) : undefined;
  const scheme = proto === 'https' || proto === 'http' ? proto : new URL(c.req.url).protocol.slice(0, -1);
  return new URL(`${scheme}://${host}`).origin;
}

/** The message of a refusal for a host that is not allowed (credential endpoint and RPC). */
export const hostNotAllowed = (c: Context<AppEnv>) =>
  `This server was reached as "${(c.req.header('host') ?? '').slice(0, 100)}", which is not an allowed host for upload addresses: set LECTERN_VOD_PUBLIC_ORIGIN, or add the host to LECTERN_VOD_ALLOWED_HOSTS.`;

export class BodyTooLarge extends Error {}

/** Reads a small request body as text, refusing more than `limit` bytes whatever Content-Length says. */
export async function readSmallBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
