import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context';
import { drainBeforeRefusal } from '../http/body-limit';
import type { Services } from '../services';
import type { VodConfig } from './config';
import { OssError, ossErrors, ossErrorXml, serviceError } from './errors';
import type { VideoHooks } from './hooks';
import { authorizeOss, isSigned, type OssTarget } from './oss-auth';
import type { OssCall } from './oss-call';
import { abortMultipart, completeMultipart, initiateMultipart, listUploadParts, uploadPart } from './oss-multipart';
import { getObject, putObject } from './oss-object';
import { OssStorage } from './storage';

export type { OssCall };

/**
 * The local OSS, path-style at `/{bucket}/{key}` (ali-oss with `sldEnable` or an IP endpoint
 * builds exactly these URLs). Only the configured bucket is served; everything else falls through
 * to the console's routes. Completed objects are public for GET/HEAD (playback, covers): their
 * names carry 128 random bits, so only those who were given the URL can read them.
 */
export function registerOss(app: Hono<AppEnv>, services: Services, vod: VodConfig, hooks: VideoHooks) {
  const storage = new OssStorage(services.dataDir, services.diskFaults);
  const handle = async (c: Context<AppEnv>) => {
    const requestId = c.get('requestId');
    c.header('x-oss-request-id', requestId);
    try {
      const t = target(c, vod.bucket);
      return await route({ c, services, vod, hooks, t, storage });
    } catch (caught) {
      const e = serviceError(caught, OssError, ossErrors.insufficientStorage, c, services.log);
      const headers: Record<string, string> = { 'Content-Type': 'application/xml' };
      if (await mustClose(c.req.raw, caught)) headers.Connection = 'close';
      const host = new URL(c.req.url).host;
      return c.body(ossErrorXml(e, requestId, host), e.status as 400, headers);
    }
  };
  app.all(`/${vod.bucket}`, handle);
  app.all(`/${vod.bucket}/*`, handle);
}

/**
 * A refused request's body is read and thrown away first (body-limit.ts: clients read the answer only
 * once they have sent the body); when that is not possible the connection closes with the answer.
 */
async function mustClose(req: Request, err: unknown): Promise<boolean> {
  const drained = (err as { drained?: unknown } | null)?.drained;
  if (typeof drained === 'boolean') return !drained;
  if (req.bodyUsed) return true;
  return (await drainBeforeRefusal(req)).close;
}

function target(c: Context<AppEnv>, bucket: string): OssTarget {
  const url = new URL(c.req.url);
  const raw = url.pathname.slice(bucket.length + 2);
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    throw ossErrors.invalidObjectName();
  }
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { bucket, key, query: Object.fromEntries(url.searchParams), headers };
}

async function route(call: OssCall): Promise<Response> {
  const { c, t } = call;
  const q = t.query;
  if (t.key === '') throw ossErrors.notImplemented();
  if (call.storage.objectPath(t.bucket, t.key) === null) throw ossErrors.invalidObjectName();
  switch (c.req.method) {
    case 'POST':
      if ('uploads' in q) return initiateMultipart(call);
      if ('uploadId' in q) return completeMultipart(call);
      break;
    case 'PUT':
      if ('uploadId' in q || 'partNumber' in q) return uploadPart(call);
      return putObject(call);
    case 'GET':
      if ('uploadId' in q) return listUploadParts(call);
      // Signed reads are checked (a wrong signature is refused); unsigned ones are public.
      if (isSigned(t)) await authorizeOss(c, call.services, t, { verbs: ['GET', 'HEAD'], anyObject: true });
      return getObject(call);
    case 'DELETE':
      if ('uploadId' in q) return abortMultipart(call);
      throw ossErrors.accessDenied('Deleting objects is not allowed here.');
  }
  throw ossErrors.methodNotAllowed();
}
