import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address login limits are keyed by. Behind a proxy (LECTERN_TRUST_PROXY=1) the right-most
 * X-Forwarded-For entry is the one our proxy appended; entries to its left are client-supplied and
 * could be forged to dodge the per-address limit.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    const last = xff
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
