import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { API_BASE } from '../../contract/envelope';

type ContentSecurityPolicyOptions = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;

/**
 * The CSP lives here alone. The built console is all same-origin scripts (no inline script), Mantine
 * injects <style> tags (hence 'unsafe-inline' for styles only), and the service worker and upload
 * worker come from 'self' or blob:, as does a playing video. The video endpoints come through `extraConnectSrc`.
 */
export const contentSecurityPolicy = (
  extraConnectSrc: readonly string[] = [],
  frameAncestors: readonly string[] = ["'none'"],
): ContentSecurityPolicyOptions => ({
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets a page compile WebAssembly (the barcode reader's, features/scan) and
  // nothing else: eval and new Function stay refused.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Covers and banners may be images on other sites (https only).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...extraConnectSrc],
  workerSrc: ["'self'", 'blob:'],
  // A video plays from a MediaSource (hls.js: blob:) or natively from the play URL, which cloud
  // mode serves from the video endpoints.
  mediaSrc: ["'self'", 'blob:', ...extraConnectSrc],
  manifestSrc: ["'self'"],
  frameAncestors: [...frameAncestors],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
});

/**
 * hono's defaults switched off: we send the headers we chose and no more (HSTS belongs to the TLS
 * proxy in front, which knows whether the site is https; the others are obsolete or not wanted).
 */
const NONE = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * Applied as the outermost middleware, so error and not-found responses carry the headers too.
 * The policies act on a document (and on a worker, whose script's answer gives it its CSP), not on
 * the files a document loads: a script, style, image or font of the built console gets only
 * `nosniff` (the full set was some 500 bytes on each of dozens of requests). Which set applies is
 * known only from the answer (its content type), so the route runs first.
 */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const forFiles = secureHeaders({ ...NONE, xContentTypeOptions: true });
  const documents = (framing: 'none' | 'self') =>
    secureHeaders({
      ...NONE,
      contentSecurityPolicy: contentSecurityPolicy(extraConnectSrc, [`'${framing}'`]),
      xContentTypeOptions: true,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: framing === 'none' ? 'DENY' : 'SAMEORIGIN',
      crossOriginOpenerPolicy: true,
    });
  const forDocuments = documents('none');
  const forFramedDocuments = documents('self');
  const done = async () => {};
  return async (c, next) => {
    await next();
    const headers = isLoadedFile(c) ? forFiles : framedBySelf(c.req.path) ? forFramedDocuments : forDocuments;
    await headers(c, done);
  };
}

/**
 * The sign-in page, and the page it ends on when it renews a session (public/session-renewed.html),
 * are framed by the console itself: an ended session is renewed in a dialog over the screen, so
 * nothing typed is lost (src/features/session/). Same origin only; every other document, the
 * console included, may be framed by nobody.
 */
const framedBySelf = (path: string) =>
  !(path === API_BASE || path.startsWith(`${API_BASE}/`)) && /\/(login|login\.html|session-renewed\.html)$/.test(path);

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
