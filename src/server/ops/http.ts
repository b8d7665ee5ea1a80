import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../context';
import { clientAddress } from '../http/client-address';
import type { Services } from '../services';
import { isQuiet, requestContext } from './logger';
import type { Ops } from './state';

/** Polled every few seconds by balancers and Prometheus: in the log only at debug level. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

const LOGIN_ROUTE = '/prod-api/auth/login';

/**
 * Around every request: the request id for all log lines written meanwhile, then one access log
 * line (method, route pattern, path, status, duration, staff id) and the request metrics. Never the
 * query string (signed video requests and `?token=` carry credentials there), never headers or
 * bodies, and no path for routes whose path is itself the secret (image and bucket object names).
 */
export function opsMiddleware(services: Services): MiddlewareHandler<AppEnv> {
  const { vod, ops } = services;
  const bucketRoute = vod.mode === 'local' ? `/${vod.bucket}/*` : null;
  return async (c, next) => {
    const started = performance.now();
    const reqId = c.get('requestId');
    ops.metrics.requestStarted();
    let status = 500;
    let route = '(none)';
    try {
      const client = () => ({
        address: clientAddress(c, services.config.trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
      });
      await requestContext.run({ reqId, client }, next);
      status = c.res.status;
      route = routePath(c) || '(none)';
      // Draining: each answer closes its connection, so keep-alive clients reconnect elsewhere.
      if (ops.shuttingDown) c.res.headers.set('Connection', 'close');
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const method = c.req.method;
      ops.metrics.requestFinished({ method, route, status, seconds });
      if (method === 'PUT' && route === bucketRoute && status === 200) {
        const kind = new URL(c.req.url).searchParams.has('partNumber') ? 'part' : 'object';
        ops.metrics.uploadStored(kind, Number(c.req.header('content-length')) || 0);
      }
      if (method === 'POST' && route === LOGIN_ROUTE) {
        if (status === 401) ops.metrics.signInFailed();
        if (status === 429) ops.metrics.signInLockedOut();
      }
      const secretPath = route.startsWith('/prod-api/files/') || route === bucketRoute;
      const line = {
        reqId,
        method,
        route,
        path: secretPath ? undefined : c.req.path,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        staffId: c.get('auth')?.staffId,
      };
      const msg = `${method} ${line.path ?? route} ${status}`;
      // The console's files too (static.ts): dozens a page load; a failed one stays at info.
      if (QUIET_ROUTES.has(route) || (isQuiet(c.req.raw) && status < 400)) ops.logger.debug(line, msg);
      else if (status >= 500) ops.logger.warn(line, msg);
      else ops.logger.info(line, msg);
    }
  };
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Who may scrape: LECTERN_METRICS (ops/config.ts). A refused caller learns nothing else. */
function metricsRefusal(c: Context<AppEnv>, ops: Ops): Response | null {
  const access = ops.config.metrics;
  if (access.mode === 'off') return c.text('Not found', 404);
  if (access.mode === 'token') {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    // Equal-length digests: the comparison time says nothing about the token.
    if (m?.[1] && timingSafeEqual(digest(m[1]), digest(access.token))) return null;
    return c.text('A bearer token is required', 401, { 'WWW-Authenticate': 'Bearer realm="lectern-metrics"' });
  }
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    remote = undefined;
  }
  // A proxy on this host connects from loopback too: anything it forwarded is not local.
  const forwarded = c.req.header('x-forwarded-for') ?? c.req.header('forwarded') ?? c.req.header('x-real-ip');
  if (isLoopback(remote) && forwarded === undefined) return null;
  return c.text('Metrics are served to this host only (LECTERN_METRICS=loopback)', 403);
}

/** `GET /metrics`: Prometheus text format, never cached. */
export function registerMetricsRoute(app: Hono<AppEnv>, ops: Ops) {
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    const refused = metricsRefusal(c, ops);
    if (refused) return refused;
    const { contentType, body } = await ops.metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType });
  });
}
