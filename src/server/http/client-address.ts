import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The right-most entry of a comma-separated forwarding header: the one our own proxy wrote. */
function lastForwarded(c: Context, header: string): string | undefined {
  return c.req
    .header(header)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
}

/**
 * The address login limits are keyed by. Behind a proxy (LECTERN_TRUST_PROXY=1) the right-most
 * X-Forwarded-For entry is the one our proxy appended; entries to its left are client-supplied and
 * could be forged to dodge the per-address limit.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = lastForwarded(c, 'x-forwarded-for');
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/**
 * Whether the browser reached us over https: the request URL, or behind a trusted proxy its
 * X-Forwarded-Proto (right-most entry, as for the address). Decides the Secure cookie attribute.
 */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && lastForwarded(c, 'x-forwarded-proto')?.toLowerCase() === 'https';
}

/**
 * The address as a rate-limit key. One IPv6 subscriber usually holds a whole /64 and can use a new
 * address for every request, so IPv6 addresses count per /64; IPv4-mapped IPv6 counts as the IPv4.
 */
export function addressLimitKey(address: string): string {
  const a = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(a)) return a;
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = a.split('::');
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
