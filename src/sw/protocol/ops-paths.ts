/**
 * The server's operating endpoints at the root: health checks and metrics. The service worker
 * leaves them alone (no app shell in their place, no cache), so a browser that has the console
 * installed sees exactly what a balancer or Prometheus sees.
 */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/** Matches a path, with or without a query (Workbox tests navigation denylists on both). */
export const OPS_PATH_RE = /^\/(healthz|readyz|metrics)\/?(\?|$)/;

export const isOpsPath = (pathname: string): boolean => OPS_PATH_RE.test(pathname);
