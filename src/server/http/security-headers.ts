import type { Context, MiddlewareHandler } from 'hono';
import { API_BASE } from '../../contract/envelope';

/**
 * The CSP lives here alone. The built console is all same-origin scripts (no inline script), Mantine
 * injects <style> tags (hence 'unsafe-inline' for styles only), and the service worker and upload
 * worker come from 'self' or blob:. The video endpoints come through `extraConnectSrc`.
 */
export function contentSecurityPolicy(extraConnectSrc: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Covers and banners may be images on other sites (https only).
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extraConnectSrc],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * Applied as the outermost middleware, so error and not-found responses carry the headers too.
 * The policies act on a document (and on a worker, whose script's answer gives it its CSP), not on
 * the files a document loads: a script, style, image or font of the built console gets only
 * `nosniff` (the full set was some 500 bytes on each of dozens of requests).
 */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const forFiles: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(extraConnectSrc),
    ...forFiles,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  return async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(isLoadedFile(c) ? forFiles : headers)) c.res.headers.set(k, v);
  };
}

/**
 * API answers are personal (lists, the session, upload credentials) or secret: no browser or proxy
 * cache may keep them. Routes that set their own Cache-Control (the public, immutable image files)
 * keep it. The console's service worker stores list answers in Cache Storage itself, which
 * Cache-Control does not govern.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

const WORKER_DESTINATIONS = new Set(['worker', 'sharedworker', 'serviceworker']);

/** A file the console loads: a name with an extension, not HTML, not an API answer, not a worker's script. */
function isLoadedFile(c: Context): boolean {
  const path = c.req.path;
  if (path === API_BASE || path.startsWith(`${API_BASE}/`) || !/\.[a-z0-9]+$/i.test(path)) return false;
  if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (WORKER_DESTINATIONS.has(c.req.header('sec-fetch-dest') ?? '') || path.endsWith('/sw.js')) return false;
  return true;
}
