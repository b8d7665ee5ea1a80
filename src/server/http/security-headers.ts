import type { MiddlewareHandler } from 'hono';

/**
 * The CSP lives here alone. The built console is all same-origin scripts (no inline script), Mantine
 * injects <style> tags (hence 'unsafe-inline' for styles only), and the service worker and upload
 * worker come from 'self' or blob:. Issue 4 adds the video endpoints through `extraConnectSrc`.
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

/** Applied as the outermost middleware, so error and not-found responses carry the headers too. */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(extraConnectSrc),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  return async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
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
