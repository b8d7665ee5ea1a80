import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { Services } from '../services';
import { registerHealthRoutes } from './health';
import { registerMetricsRoute } from './http';

export { opsMiddleware } from './http';
export { Ops, type OpsDeps } from './state';

/**
 * /healthz, /readyz and /metrics: a sub-app for the server root, mounted right after the access
 * log (`opsMiddleware`, which wraps everything) and before any other route.
 */
export function opsRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  registerHealthRoutes(app, services, services.ops);
  registerMetricsRoute(app, services.ops);
  return app;
}
