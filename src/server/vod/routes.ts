import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Code } from '../../contract/envelope';
import { currentUser } from '../auth/middleware';
import type { AppEnv } from '../context';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { noStore } from '../http/security-headers';
import type { Services } from '../services';
import { mintCredential } from './credentials';
import type { VideoHooks } from './hooks';
import { allowedOrigin, hostNotAllowed } from './http-util';
import { registerMediaFiles } from './media-files';
import { registerOss } from './oss';
import { registerVodRpc } from './rpc';
import { assumeRole, type StsDeps, StsError } from './sts';
import { vodDb } from './tables';

/**
 * The local video service, a sub-app for the server root: the RPC endpoint `/vod`, the bucket
 * `/{bucket}/…` and the processing outputs. Mounted before the console's static files so the SPA
 * fallback never answers these paths. In cloud mode it is empty: the console talks to the cloud
 * directly. `hooks` are the video noun's (NounServer.videoHooks).
 */
export function vodService(services: Services, hooks: VideoHooks): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const vod = services.vod;
  if (vod.mode !== 'local') return app;
  // Signed requests carry no cookies and no ambient authority, so any origin may send them (the
  // Vite dev server, a worker); Authorization and x-oss-* must be echoed, '*' does not cover them.
  const allow = cors({
    origin: '*',
    allowMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
    exposeHeaders: ['ETag', 'x-oss-request-id', 'Content-Range', 'Accept-Ranges', 'Content-Length'],
    maxAge: 600,
  });
  // Signed answers (credentials in UploadAuth, upload state) are no-store like the API's; object
  // reads set their own Cache-Control.
  for (const path of ['/vod', '/vod/*', `/${vod.bucket}`, `/${vod.bucket}/*`]) app.use(path, allow, noStore);
  registerVodRpc(app, services, vod, hooks);
  registerMediaFiles(app, services);
  registerOss(app, services, vod, hooks);
  return app;
}

/**
 * `GET /prod-api/video/upload/credential` (docs/api.md §4), for any signed-in staff member: a
 * sub-app for that path, mounted behind the token check.
 */
export function vodCredential(services: Services, sts: StsDeps = {}): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const vod = services.vod;
  api.get('/', async (c) => {
    const user = currentUser(c);
    if (vod.mode === 'cloud' && vod.cloud) {
      const cloud = vod.cloud;
      try {
        const cr = await assumeRole(cloud, `lectern-${user.staffId}`, vod.credentialTtlSeconds, sts);
        return ok(c, { ...cr, region: vod.region, vodEndpoint: cloud.vodEndpoint, userId: cloud.userId });
      } catch (err) {
        const why = err instanceof StsError ? err.code : 'network error';
        services.log.error(`[vod] AssumeRole failed for staff ${user.staffId}:`, err);
        throw new ApiError(Code.Internal, `The video service refused a credential (${why})`);
      }
    }
    const origin = allowedOrigin(c, vod, services.config.trustProxy);
    if (!origin) throw new ApiError(Code.Forbidden, hostNotAllowed(c));
    const cr = await mintCredential(vodDb(services.db), {
      staffId: user.staffId,
      purpose: 'rpc',
      ttlSeconds: vod.credentialTtlSeconds,
      now: services.now(),
    });
    return ok(c, { ...cr, region: vod.region, vodEndpoint: `${origin}/vod`, userId: String(user.staffId) });
  });
  return api;
}
