import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { registerHealthRoutes } from './health';
import { opsMiddleware, registerMetricsRoute } from './http';
import { type Ops, opsOf } from './state';

export { Ops, type OpsDeps, opsOf, registerEventStreamClients } from './state';

/**
 * The access log and request metrics for everything after this point, then /healthz, /readyz and
 * /metrics. Call right after the request id is assigned and before any other route.
 */
export function registerOps(app: Hono<AppEnv>, deps: AppDeps): Ops {
  const ops = opsOf(deps);
  app.use('*', opsMiddleware(deps, ops));
  registerHealthRoutes(app, deps, ops);
  registerMetricsRoute(app, ops);
  return ops;
}
