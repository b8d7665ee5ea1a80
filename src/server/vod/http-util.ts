import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The origin clients reach this server at, for vodEndpoint and UploadAddress: the configured
 * public origin, else the request's own (behind a trusted proxy, its X-Forwarded-* headers).
 */
export function requestOrigin(c: Context<AppEnv>, publicOrigin: string | undefined, trustProxy: boolean): string {
  if (publicOrigin) return publicOrigin;
  const url = new URL(c.req.url);
  if (trustProxy) {
    const first = (h: string | undefined) => h?.split(',')[0]?.trim() || undefined;
    const proto = first(c.req.header('x-forwarded-proto'));
    const host = first(c.req.header('x-forwarded-host'));
    try {
      if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
      if (host) url.host = host;
    } catch {
      // a malformed forwarded host leaves the request's own
    }
  }
  return url.origin;
}

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
