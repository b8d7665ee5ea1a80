import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../contract/envelope';
import { IMPORT_MAX_BYTES } from '../contract/import';
import { requireAuth } from './auth/middleware';
import { passkeyRoutes } from './auth/passkeys';
import { authRoutes } from './auth/routes';
import { requireRecentAuth } from './auth/step-up';
import type { AppEnv } from './context';
import { badgesOf } from './events/counts';
import { eventPosition, eventRoutes } from './events/routes';
import { limitBody } from './http/body-limit';
import { envelope } from './http/envelope';
import { ApiError, isStorageFull, storageFull, tooLarge } from './http/errors';
import { idempotency } from './http/idempotency';
import type { NounServers } from './http/noun';
import { noStore, securityHeaders } from './http/security-headers';
import { checkQuery } from './http/validate';
import { opsMiddleware, opsRoutes } from './ops';
import { loansReportRoutes } from './reports/loans-report';
import { buildNouns } from './resources';
import { systemRoutes } from './routes/system';
import type { Services } from './services';
import { staticFiles } from './static';
import { viewRoutes } from './views/routes';
import { vodCredential, vodService } from './vod/routes';

const JSON_LIMIT = 1024 * 1024;
/** Room for the multipart framing around an uploaded file. */
const FRAMING = 64 * 1024;

/**
 * The whole HTTP surface over the app's services (services.ts); main.ts serves it, tests serve it on
 * port 0 against a temp database. Every part is a sub-app mounted on its path, the nouns' and the
 * infrastructure's alike; the order of the mounts is the order requests meet them.
 */
export function createApp(services: Services, built: NounServers = buildNouns(services)): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Outermost, so every response (errors, 404s, static files) carries them.
  app.use('*', securityHeaders(services.config.extraConnectSrc));
  app.use('*', async (c, next) => {
    const id = randomBytes(4).toString('hex');
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  });
  // Access log and metrics around everything below; /healthz, /readyz, /metrics (ops/).
  app.use('*', opsMiddleware(services));
  app.route('/', opsRoutes(services));

  const api = new Hono<AppEnv>();
  // First, so that every API answer (errors and 404s included) carries it.
  api.use('*', noStore);
  // Every query parameter any route reads is checked here (NUL, lone surrogates, bad escapes).
  api.use('*', checkQuery);
  // Each noun's sub-apps (built once: main.ts builds them first, for the demo seed and the storage
  // sweep), mounted below on their own paths; the badges they count go to the live stream.
  const nouns = Object.values(built);
  services.events.countBadges(badgesOf(built));
  const resources = nouns.flatMap((n) => (n.resource ? [n.resource] : []));

  const jsonLimit = limitBody(JSON_LIMIT, (close) => tooLarge('Request body', '1 MiB', close));
  // A noun's upload routes take a bigger body: the file plus multipart framing. The exact check on
  // the file itself is the route's.
  const uploadLimits = new Map(
    nouns
      .flatMap((n) => Object.entries(n.uploads ?? {}))
      .map(([path, u]) => [
        `/prod-api${path}`,
        limitBody(u.bytes + FRAMING, (close) => tooLarge(u.what, u.limit, close)),
      ]),
  );
  // CSV imports (`POST /{r}/import`) likewise: the 5 MiB file plus framing; the route checks the file.
  const importLimit = limitBody(IMPORT_MAX_BYTES + FRAMING, (close) => tooLarge('CSV file', '5 MiB', close));
  api.use('*', (c, next) => {
    if (c.req.method !== 'POST') return jsonLimit(c, next);
    const upload = uploadLimits.get(c.req.path);
    if (upload) return upload(c, next);
    return c.req.path.endsWith('/import') ? importLimit(c, next) : jsonLimit(c, next);
  });
  // Public and self-authenticating routes first; a handler that answers ends the chain.
  api.route('/', authRoutes(services));
  api.route('/', passkeyRoutes(services, { stepUp: requireRecentAuth(services) }));
  for (const n of nouns) for (const [path, sub] of Object.entries(n.publicRoutes ?? {})) api.route(path, sub);
  // Everything registered after this needs a valid token, including unknown paths (no route probing).
  api.use('*', requireAuth(services));
  // A write retried with the same Idempotency-Key is answered from the record, not applied again.
  api.use('*', idempotency(services));
  // The live stream's position on each answer, for a stream opened later to resume from.
  api.use('*', eventPosition(services));
  for (const n of nouns) for (const [path, sub] of Object.entries(n.routes)) api.route(path, sub);
  api.route('/system', systemRoutes(services, built));
  api.route('/loans', loansReportRoutes(services));
  api.route('/', eventRoutes(services, resources));
  api.route('/video/upload/credential', vodCredential(services));
  api.route('/views', viewRoutes(services));
  app.route('/prod-api', api);

  // Before the static files: their SPA fallback would otherwise answer /vod and /{bucket}/….
  const videoHooks = nouns.find((n) => n.videoHooks)?.videoHooks;
  if (videoHooks) app.route('/', vodService(services, videoHooks));
  app.route('/', staticFiles(services.config.distDir));

  app.notFound((c) => {
    if (c.req.path.startsWith('/prod-api')) {
      return envelope(c, Code.NotFound, `No such route: ${c.req.method} ${c.req.path}`, null, 404);
    }
    return c.text('Not found', 404);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return envelope(c, err.code, err.msg, err.data, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? Code.TooLarge : err.status === 415 ? Code.UnsupportedType : Code.Invalid;
      return envelope(c, code, err.message || 'Bad request', null, err.status);
    }
    const requestId = c.get('requestId') ?? 'unknown';
    // A full disk (files, SQLite or PostgreSQL) is 507 and logged as what it is.
    if (isStorageFull(err)) {
      services.log.error(`[${requestId}] ${c.req.method} ${c.req.path}: storage full (disk full):`, err);
      const full = storageFull();
      return envelope(c, full.code, full.msg, null, full.status);
    }
    // Unknown failures: the details go to the log under the request id, never to the client.
    services.log.error(`[${requestId}] ${c.req.method} ${c.req.path} failed:`, err);
    return envelope(c, Code.Internal, `Internal error (request id ${requestId})`, null, 500);
  });

  answerHeadViaGet(app);
  return app;
}

/**
 * Hono answers HEAD by re-wrapping the GET response (`new Response(null, res)`), and
 * @hono/node-server's lightweight Response then drops headers set after creation (our security
 * headers) or even fails. So HEAD is served here from the GET response with an explicit init.
 */
function answerHeadViaGet(app: Hono<AppEnv>) {
  const fetchGet = app.fetch;
  app.fetch = async (req, ...rest) => {
    if (req.method !== 'HEAD') return fetchGet(req, ...rest);
    const res = await fetchGet(new Request(req.url, { method: 'GET', headers: req.headers }), ...rest);
    // Headers before anything else: reading body or statusText materialises the lightweight
    // Response from its original init, which forgets headers added since.
    const headers = new Headers(res.headers);
    return new Response(null, { status: res.status, headers });
  };
}
