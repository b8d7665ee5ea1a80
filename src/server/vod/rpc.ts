import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { rpcSigningKey, rpcStringToSignParts, sameSignature } from '../../contract/vod-signature';
import type { AppEnv } from '../context';
import { jsonShapeProblem } from '../http/validate';
import type { Services } from '../services';
import type { VodConfig } from './config';
import { type Credential, claimNonce, isExpired, lookupCredential, mintCredential } from './credentials';
import { RpcError, rpcErrors, serviceError } from './errors';
import { VideoFieldError, type VideoHooks, type VideoInfo } from './hooks';
import { allowedOrigin, hostNotAllowed } from './http-util';
import { macOfParts } from './mac';
import {
  createVideoMedia,
  findMedia,
  insertMedia,
  type Media,
  readProgress,
  saveProgress,
  videoExists,
  videoIsComplete,
} from './media';
import { LONG_TEXT, nextTurn, type Params, readParams } from './rpc-params';
import { vodDb } from './tables';

/**
 * The VOD RPC endpoint (docs/api.md §5) at `/vod` and `/vod/`: GET query or POST form, signed with the
 * RPC signature and a temporary credential from GET /prod-api/video/upload/credential.
 */
export const VOD_VERSION = '2017-03-21';
/** The cloud's tolerance for Timestamp; nonces are remembered this long. */
const SKEW_MS = 15 * 60_000;
interface Call {
  c: Context<AppEnv>;
  services: Services;
  vod: VodConfig;
  hooks: VideoHooks;
  cred: Credential;
  p: Params;
}

export function registerVodRpc(app: Hono<AppEnv>, services: Services, vod: VodConfig, hooks: VideoHooks) {
  const handler = async (c: Context<AppEnv>) => {
    const requestId = c.get('requestId');
    try {
      const p = await readParams(c);
      const cred = await authenticate(c, services, p);
      const action = Object.hasOwn(ACTIONS, p.Action ?? '') ? ACTIONS[p.Action ?? ''] : undefined;
      if (!action) throw rpcErrors.action();
      const out = await action({ c, services, vod, hooks, cred, p });
      return c.json({ RequestId: requestId, ...out });
    } catch (caught) {
      const e = serviceError(caught, RpcError, rpcErrors.storageFull, c, services.log);
      return c.json(
        { RequestId: requestId, HostId: hostId(c, services, vod), Code: e.code, Message: e.message },
        e.status as 400,
      );
    }
  };
  for (const path of ['/vod', '/vod/']) {
    app.get(path, handler);
    app.post(path, handler);
  }
}

/** The endpoint's host, as the cloud names it in an error: the allowed origin's, else the request's. */
function hostId(c: Context<AppEnv>, services: Services, vod: VodConfig): string {
  const origin = allowedOrigin(c, vod, services.config.trustProxy);
  return origin ? new URL(origin).host : new URL(c.req.url).host;
}

/** Checks in the cloud's order: parameters, key, token, signature, expiry, clock, nonce. */
async function authenticate(c: Context<AppEnv>, services: Services, p: Params): Promise<Credential> {
  for (const name of ['Action', 'AccessKeyId', 'SecurityToken', 'Signature', 'SignatureNonce', 'Timestamp'])
    if (!p[name]) throw rpcErrors.missing(name);
  if (p.Version !== VOD_VERSION) throw rpcErrors.invalid('Version', `must be ${VOD_VERSION}`);
  if ((p.Format ?? 'JSON').toUpperCase() !== 'JSON') throw rpcErrors.invalid('Format', 'must be JSON');
  if (p.SignatureMethod !== 'HMAC-SHA1') throw rpcErrors.invalid('SignatureMethod', 'must be HMAC-SHA1');
  if (p.SignatureVersion !== '1.0') throw rpcErrors.invalid('SignatureVersion', 'must be 1.0');
  const found = await lookupCredential(vodDb(services.db), p.AccessKeyId ?? '', p.SecurityToken);
  if (!found.ok) throw found.reason === 'unknown' ? rpcErrors.keyNotFound() : rpcErrors.tokenMismatch();
  const { cred } = found;
  if (cred.purpose !== 'rpc') throw rpcErrors.forbidden('This credential is for uploads (OSS), not for the VOD API.');
  const expected = await macOfParts(rpcSigningKey(cred.secret), rpcStringToSignParts(c.req.method, p));
  if (!sameSignature(expected, p.Signature ?? '')) throw rpcErrors.signature();
  const now = services.now();
  if (isExpired(cred, now)) throw rpcErrors.tokenExpired();
  const ts = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(p.Timestamp ?? '') ? Date.parse(p.Timestamp ?? '') : NaN;
  if (Number.isNaN(ts)) throw rpcErrors.invalid('Timestamp', 'must be ISO 8601 UTC, e.g. 2016-02-23T12:46:24Z');
  if (Math.abs(ts - now.getTime()) > SKEW_MS) throw rpcErrors.timestamp();
  if (!cred.staffActive) throw rpcErrors.forbidden('The staff account of this credential is disabled.');
  const nonce = `${cred.accessKeyId}:${(p.SignatureNonce ?? '').slice(0, 100)}`;
  if (!(await claimNonce(vodDb(services.db), nonce, new Date(now.getTime() + SKEW_MS).toISOString())))
    throw rpcErrors.nonceUsed();
  return cred;
}

const hex32 = () => randomBytes(16).toString('hex');
const b64json = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');

/** The origin upload addresses name (http-util.ts: never a Host the configuration does not allow). */
function originFor(call: Call): string {
  const origin = allowedOrigin(call.c, call.vod, call.services.config.trustProxy);
  if (!origin) throw rpcErrors.forbidden(hostNotAllowed(call.c));
  return origin;
}

/** Fresh UploadAddress and UploadAuth (a credential for this one object only). */
async function uploadTicket(call: Call, media: Media) {
  const { services, vod, cred } = call;
  const auth = await mintCredential(vodDb(services.db), {
    staffId: cred.staffId,
    purpose: 'oss',
    bucket: media.bucket,
    objectKey: media.objectKey,
    ttlSeconds: vod.credentialTtlSeconds,
    now: services.now(),
  });
  const origin = originFor(call);
  return {
    UploadAddress: b64json({ Endpoint: origin, Bucket: media.bucket, FileName: media.objectKey }),
    UploadAuth: b64json({
      AccessKeyId: auth.accessKeyId,
      AccessKeySecret: auth.accessKeySecret,
      SecurityToken: auth.securityToken,
      Expiration: auth.expiration,
      Region: vod.region,
    }),
  };
}

/** `.mp4` of `My Film.MP4`; '' when the name has no plain extension. */
const extOf = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';

const intParam = (p: Params, name: string, required: boolean): number | undefined => {
  const v = p[name];
  if (v === undefined || v === '') {
    if (required) throw rpcErrors.missing(name);
    return undefined;
  }
  if (!/^\d{1,16}$/.test(v)) throw rpcErrors.invalid(name, 'must be a whole number');
  return Number(v);
};

const textParam = (p: Params, name: string, max: number, required = false): string | undefined => {
  const v = p[name];
  if (v === undefined || v === '') {
    if (required) throw rpcErrors.missing(name);
    return undefined;
  }
  if ([...v].length > max) throw rpcErrors.invalid(name, `at most ${max} characters`);
  return v;
};

async function createUploadVideo(call: Call) {
  const { p, services, vod, cred } = call;
  const title = textParam(p, 'Title', 128, true);
  const fileName = textParam(p, 'FileName', 255, true) ?? '';
  // Optional, as in the cloud's API: the real size is recorded when the upload completes.
  const fileSize = intParam(p, 'FileSize', false);
  const tags = textParam(p, 'Tags', 500);
  if (tags && tags.split(',').length > 16) throw rpcErrors.invalid('Tags', 'at most 16 tags');
  const userData = textParam(p, 'UserData', 1024) ?? null;
  const videoId = hex32();
  const ext = extOf(fileName);
  const media: Media = {
    mediaId: videoId,
    kind: 'video',
    bucket: vod.bucket,
    objectKey: `video/${videoId}${ext ? `.${ext}` : ''}`,
    staffId: cred.staffId,
  };
  const fields = {
    Title: title,
    FileName: fileName,
    FileSize: fileSize,
    Description: p.Description || undefined,
    CateId: intParam(p, 'CateId', false),
    Tags: tags,
    CoverURL: p.CoverURL || undefined,
  };
  try {
    await createVideoMedia(call.hooks, services.db, fields, media, userData, cred, services.now());
  } catch (e) {
    if (e instanceof VideoFieldError) throw rpcErrors.invalid(e.param, e.message);
    throw e;
  }
  return { VideoId: videoId, ...(await uploadTicket(call, media)) };
}

async function refreshUploadVideo(call: Call) {
  const videoId = textParam(call.p, 'VideoId', 64, true) ?? '';
  const db = vodDb(call.services.db);
  const media = await findMedia(db, videoId);
  if (media?.kind !== 'video' || !(await videoExists(call.hooks, db, videoId))) throw rpcErrors.videoNotFound();
  if (media.staffId !== call.cred.staffId) throw rpcErrors.forbidden('This video was started by another staff member.');
  return { VideoId: videoId, ...(await uploadTicket(call, media)) };
}

const IMAGE_TYPES = new Set(['cover', 'default']);
const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

async function createUploadImage(call: Call) {
  const { p, services, vod, cred } = call;
  const type = textParam(p, 'ImageType', 20, true) ?? '';
  if (!IMAGE_TYPES.has(type)) throw rpcErrors.invalid('ImageType', 'must be cover or default');
  const ext = (textParam(p, 'ImageExt', 10) ?? 'png').toLowerCase();
  if (!IMAGE_EXTS.has(ext)) throw rpcErrors.invalid('ImageExt', 'must be png, jpg, jpeg, gif or webp');
  textParam(p, 'Title', 128);
  const imageId = hex32();
  const media: Media = {
    mediaId: imageId,
    kind: 'image',
    bucket: vod.bucket,
    objectKey: `image/${imageId}.${ext}`,
    staffId: cred.staffId,
  };
  await insertMedia(vodDb(services.db), media, null, services.now().toISOString());
  const origin = originFor(call);
  // The cloud answers a CDN address (ImageURL) and the bucket's own (FileURL): here both are the bucket's.
  const url = `${origin}/${media.bucket}/${media.objectKey}`;
  return { ImageId: imageId, ImageURL: url, FileURL: url, ...(await uploadTicket(call, media)) };
}

/** Progress belongs to the credential's user: another UserId is refused (the SDK then stops reporting). */
function checkUser(call: Call): string {
  const userId = textParam(call.p, 'UserId', 64, true);
  if (userId !== String(call.cred.staffId)) throw rpcErrors.invalid('UserId', 'does not match the credential');
  return userId;
}

const fileHash = (p: Params) => {
  const h = textParam(p, 'FileHash', 128, true) ?? '';
  if (!/^[A-Za-z0-9_-]+$/.test(h)) throw rpcErrors.invalid('FileHash', 'letters and digits only');
  return h;
};

async function reportUploadProgress(call: Call) {
  const { p, services } = call;
  const userId = checkUser(call);
  const hash = fileHash(p);
  const fileName = textParam(p, 'FileName', 255, true) ?? '';
  const fileSize = intParam(p, 'FileSize', true) ?? 0;
  const uploadPoint = p.UploadPoint ?? '';
  if (!uploadPoint) throw rpcErrors.missing('UploadPoint');
  // A megabyte has just been signed; each pass over it below lets other requests in first.
  const long = uploadPoint.length > LONG_TEXT;
  if (long) await nextTurn();
  // Checked in one pass before it is parsed: a checkpoint nests 3 levels, so a deep or very wide
  // text is not one, and would only cost the parser.
  const shape = jsonShapeProblem(uploadPoint);
  if (shape) throw rpcErrors.invalid('UploadPoint', shape.message);
  if (long) await nextTurn();
  try {
    JSON.parse(uploadPoint);
  } catch {
    throw rpcErrors.invalid('UploadPoint', 'must be JSON');
  }
  if (long) await nextTurn();
  const videoId = textParam(p, 'VideoId', 64) ?? null;
  const db = vodDb(services.db);
  if (videoId) {
    const media = await findMedia(db, videoId);
    if (media?.kind !== 'video' || media.staffId !== call.cred.staffId) throw rpcErrors.videoNotFound();
    // A report that arrives after the upload completed (it raced CompleteMultipartUpload) is not
    // kept: it would offer a finished video for resuming.
    if (await videoIsComplete(call.hooks, db, videoId)) return {};
  }
  await saveProgress(db, { userId, fileHash: hash, fileName, fileSize, uploadPoint, videoId }, services.now());
  return {};
}

async function getUploadProgress(call: Call) {
  const userId = checkUser(call);
  const row = await readProgress(vodDb(call.services.db), userId, fileHash(call.p));
  return { UploadPoint: row?.upload_point ?? '', VideoId: row?.video_id ?? '' };
}

async function videoInfoOf(call: Call): Promise<VideoInfo> {
  const videoId = textParam(call.p, 'VideoId', 64, true) ?? '';
  const info = await call.hooks.info(call.services.db, videoId);
  if (!info) throw rpcErrors.videoNotFound();
  return info;
}

/** GetVideoInfo (docs/api.md §7): the record, whatever its status. */
async function getVideoInfo(call: Call) {
  const v = await videoInfoOf(call);
  return {
    Video: {
      VideoId: v.videoId,
      Title: v.title,
      Description: v.description ?? '',
      Duration: v.duration ?? 0,
      CoverURL: v.coverUrl ?? '',
      Status: v.status,
      Size: v.size,
      CreationTime: v.creationTime,
      ...(v.cateId !== null ? { CateId: v.cateId } : {}),
      ...(v.tags ? { Tags: v.tags } : {}),
      Snapshots: { Snapshot: v.snapshots },
    },
  };
}

/** GetPlayInfo (docs/api.md §7): the HLS renditions of a playable video; before that NoneStream. */
async function getPlayInfo(call: Call) {
  const v = await videoInfoOf(call);
  const formats = (textParam(call.p, 'Formats', 100) ?? '')
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  const streams = v.playInfo.filter((s) => formats.length === 0 || formats.includes(s.format));
  if (streams.length === 0) throw rpcErrors.noneStream();
  return {
    VideoBase: {
      VideoId: v.videoId,
      Title: v.title,
      Duration: String(v.duration ?? 0),
      CoverURL: v.coverUrl ?? '',
      Status: v.status,
      CreationTime: v.creationTime,
    },
    PlayInfoList: {
      PlayInfo: streams.map((s) => ({
        Format: s.format,
        PlayURL: s.url,
        Definition: s.definition,
        Duration: String(s.duration),
        Width: s.width,
        Height: s.height,
        Bitrate: String(Math.round(s.bitrate / 1000)),
        Size: s.size,
        Fps: String(s.fps),
        StreamType: 'video',
        // A stream is listed only while its video plays: its status is the video's.
        Status: v.status,
      })),
    },
  };
}

const ACTIONS: Record<string, (call: Call) => Promise<Record<string, unknown>>> = {
  GetVideoInfo: getVideoInfo,
  GetPlayInfo: getPlayInfo,
  CreateUploadVideo: createUploadVideo,
  RefreshUploadVideo: refreshUploadVideo,
  CreateUploadImage: createUploadImage,
  ReportUploadProgress: reportUploadProgress,
  GetUploadProgress: getUploadProgress,
};
