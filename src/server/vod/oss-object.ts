import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { DEFAULT_STORAGE_RESERVE } from '../files/disk';
import { declaredLength } from '../http/body-limit';
import { ossErrors } from './errors';
import { objectCompleted } from './media';
import { authorizeOss } from './oss-auth';
import type { OssCall } from './oss-call';
import { fileStream, type Received } from './storage';
import { vodDb } from './tables';
import { bucketUsage, findObject, saveObject } from './uploads';

export const xmlResponse = (c: Context<AppEnv>, body: string, headers: Record<string, string> = {}) =>
  c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, 200, { 'Content-Type': 'application/xml', ...headers });

/** The Content-MD5 header as 16 bytes; absent: null; malformed: InvalidDigest before any byte is read. */
export function expectedMd5(headers: Record<string, string>): Buffer | null {
  const v = headers['content-md5'];
  if (v === undefined) return null;
  const b = Buffer.from(v, 'base64');
  if (b.length !== 16 || b.toString('base64') !== v.trim()) throw ossErrors.invalidDigest();
  return b;
}

/** Refuses a body shorter than its Content-Length or not matching its Content-MD5 (file already discarded by caller). */
export function checkReceived(r: Received, headers: Record<string, string>, md5: Buffer | null): void {
  const declared = headers['content-length'];
  if (declared !== undefined && Number(declared) !== r.size) throw ossErrors.incomplete();
  if (md5 && !md5.equals(r.md5)) throw ossErrors.digestMismatch();
}

export const quotedEtag = (md5: Buffer) => `"${md5.toString('hex').toUpperCase()}"`;

/** Receives a body to a temp file and checks it; on refusal the temp file is gone. */
async function receiveChecked(call: OssCall): Promise<Received> {
  const md5 = expectedMd5(call.t.headers);
  const r = await call.storage.receive(call.c.req.raw.body);
  try {
    checkReceived(r, call.t.headers, md5);
  } catch (err) {
    await call.storage.discard(r.file);
    throw err;
  }
  return r;
}

/**
 * An upload of the request's declared size, checked before any byte is read: a Content-Length is
 * required, at most `max` bytes (EntityTooLarge), within the bucket's quota (QuotaExceeded) and
 * the disk's free space less the reserve (InsufficientStorage, 507). Uploads still arriving at this
 * instance count as used. Returns the release of the reservation, for when the body is stored.
 */
async function admitUpload(call: OssCall, max: number): Promise<() => void> {
  const { c, services, vod, t, storage } = call;
  const declared = declaredLength(c.req.raw);
  if (declared === null) throw ossErrors.missingContentLength();
  if (declared > max) throw ossErrors.tooLarge(declared, max);
  // Reserved before the checks, so two uploads checked at once both count.
  const release = storage.admit(declared);
  try {
    const stored = await bucketUsage(vodDb(services.db), t.bucket);
    const used = stored + storage.reserved - declared;
    if (used + declared > vod.limits.quotaBytes) throw ossErrors.quotaExceeded(declared, used, vod.limits.quotaBytes);
    const reserve = services.config.storageReserveBytes ?? DEFAULT_STORAGE_RESERVE;
    const available = await storage.available();
    if (available < reserve) {
      services.log.error(
        `[${c.get('requestId')}] ${c.req.method} ${c.req.path}: refused ${declared} bytes, storage full (disk full: ${available + declared} bytes free, ${reserve} kept in reserve)`,
      );
      throw ossErrors.insufficientStorage();
    }
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/** The body of an admitted upload (at most `max` bytes), received and checked; the reservation ends with it. */
export async function receiveUpload(call: OssCall, max: number): Promise<Received> {
  const release = await admitUpload(call, max);
  try {
    return await receiveChecked(call);
  } finally {
    release();
  }
}

/** PUT Object: streamed to a temp file, then moved into place; a video's object completes its record. */
export async function putObject(call: OssCall): Promise<Response> {
  const { c, services, vod, t, storage } = call;
  const cred = await authorizeOss(c, services, t);
  const dest = storage.objectPath(t.bucket, t.key);
  if (!dest) throw ossErrors.invalidObjectName();
  const r = await receiveUpload(call, vod.limits.maxObjectBytes);
  const etag = quotedEtag(r.md5);
  const now = services.now();
  const contentType = t.headers['content-type'] || 'application/octet-stream';
  try {
    await storage.commit(r.file, dest, () =>
      saveObject(vodDb(services.db), t.bucket, t.key, {
        size: r.size,
        etag,
        contentType,
        updatedAt: now.toISOString(),
      }),
    );
  } catch (err) {
    await storage.discard(r.file);
    throw err;
  }
  await objectCompleted(call.hooks, services, t.bucket, t.key, r.size, cred);
  return c.body(null, 200, { ETag: etag });
}

/**
 * Served inline only as video, audio or raster image: anything else (HTML, SVG, scripts) would run
 * with the console's origin, so it goes out as an attachment of unknown type.
 */
function safeType(type: string): { type: string; attachment: boolean } {
  const t = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^(video|audio|image)\/[a-z0-9.+-]+$/.test(t) && t !== 'image/svg+xml') return { type: t, attachment: false };
  return { type: 'application/octet-stream', attachment: true };
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; several ranges or junk: the whole object (as OSS does). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'invalid';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null;
  }
  if (start >= size) return 'invalid';
  return { start, end };
}

/** GET Object (and HEAD, served through GET by app.ts): Range for players, ETag revalidation. */
export async function getObject(call: OssCall): Promise<Response> {
  const { c, services, t, storage } = call;
  const obj = await findObject(vodDb(services.db), t.bucket, t.key);
  const file = storage.objectPath(t.bucket, t.key);
  if (!obj || !file) throw ossErrors.noSuchKey(t.key);
  const { type, attachment } = safeType(obj.contentType);
  const headers: Record<string, string> = {
    'Content-Type': type,
    ETag: obj.etag,
    'Last-Modified': new Date(obj.updatedAt).toUTCString(),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-cache',
  };
  if (attachment) headers['Content-Disposition'] = 'attachment';
  if (t.headers['if-none-match'] === obj.etag) return c.body(null, 304, headers);
  const range = parseRange(t.headers.range, obj.size);
  if (range === 'invalid') {
    c.header('Content-Range', `bytes */${obj.size}`);
    throw ossErrors.invalidRange();
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${obj.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
    return c.body(fileStream(file, range.start, range.end), 206, headers);
  }
  headers['Content-Length'] = String(obj.size);
  if (obj.size === 0) return c.body(null, 200, headers);
  return c.body(fileStream(file, 0, obj.size - 1), 200, headers);
}
