import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { Services } from '../services';
import { registerHealthRoutes } from './health';
import { opsMiddleware, registerMetricsRoute } from './http';

export { Ops, type OpsDeps } from './state';

/**
 * The access log and request metrics for everything after this point, then /healthz, /readyz and
 * /metrics. Call right after the request id is assigned and before any other route.
 */
export function registerOps(app: Hono<AppEnv>, services: Services): void {
  app.use('*', opsMiddleware(services));
  registerHealthRoutes(app, services, services.ops);
  registerMetricsRoute(app, services.ops);
}
