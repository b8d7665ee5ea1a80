import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_STORAGE_RESERVE } from '../files/disk';
import { MIN_PART_BYTES } from './config';
import { ossErrors, xmlFields } from './errors';
import { allowedOrigin, BodyTooLarge, readSmallBody } from './http-util';
import { objectCompleted } from './media';
import { authorizeOss } from './oss-auth';
import type { OssCall } from './oss-call';
import { expectedMd5, quotedEtag, receiveUpload, xmlResponse } from './oss-object';
import { vodDb } from './tables';
import {
  claimUpload,
  createUpload,
  deleteUpload,
  findUpload,
  listParts,
  type Part,
  releaseUpload,
  saveObject,
  savePart,
} from './uploads';

/** The CompleteMultipartUpload body: ~90 bytes a part for 10,000 parts. */
const COMPLETE_BODY_LIMIT = 2 * 1024 * 1024;

/** The open upload named by `uploadId` for this very object, or NoSuchUpload. */
async function openUpload(call: OssCall) {
  const id = call.t.query.uploadId ?? '';
  const u = await findUpload(vodDb(call.services.db), id, call.t.bucket, call.t.key);
  if (!u) throw ossErrors.noSuchUpload(id);
  return u;
}

export async function initiateMultipart(call: OssCall): Promise<Response> {
  const { c, services, t } = call;
  const cred = await authorizeOss(c, services, t);
  const uploadId = randomBytes(16).toString('hex').toUpperCase();
  const contentType = t.headers['content-type'] || 'application/octet-stream';
  await createUpload(
    vodDb(services.db),
    { uploadId, bucket: t.bucket, objectKey: t.key, contentType, state: 'open' },
    cred.staffId,
    services.now(),
  );
  return xmlResponse(
    c,
    `<InitiateMultipartUploadResult>\n${xmlFields({ Bucket: t.bucket, Key: t.key, UploadId: uploadId })}\n</InitiateMultipartUploadResult>`,
  );
}

/** UploadPart: streamed to its own file (one per attempt), recorded, the part it replaces removed. */
export async function uploadPart(call: OssCall): Promise<Response> {
  const { c, services, vod, t, storage } = call;
  await authorizeOss(c, services, t);
  const max = vod.limits.maxParts;
  const n = Number(t.query.partNumber);
  if (!/^\d{1,5}$/.test(t.query.partNumber ?? '') || n < 1 || n > max)
    throw ossErrors.invalidArgument(`Part number must be an integer between 1 and ${max}, inclusive.`);
  const upload = await openUpload(call);
  const r = await receiveUpload(call, vod.limits.maxPartBytes);
  const file = `${n}.${randomBytes(6).toString('hex')}`;
  const dir = storage.uploadDir(upload.uploadId);
  try {
    await storage.place(r.file, join(dir, file));
  } catch (err) {
    await storage.discard(r.file);
    throw err;
  }
  const db = vodDb(services.db);
  let replaced: string | null;
  try {
    // Aborted or completed while the bytes were arriving: keep nothing.
    if (!(await findUpload(db, upload.uploadId, t.bucket, t.key))) throw ossErrors.noSuchUpload(upload.uploadId);
    replaced = await savePart(db, upload.uploadId, {
      partNumber: n,
      etag: quotedEtag(r.md5),
      size: r.size,
      file,
      updatedAt: services.now().toISOString(),
    });
  } catch (err) {
    // Not recorded (a full database included): the part file goes too.
    await storage.discard(join(dir, file));
    throw err;
  }
  if (replaced) await storage.discard(join(dir, replaced));
  return c.body(null, 200, { ETag: quotedEtag(r.md5) });
}

export async function listUploadParts(call: OssCall): Promise<Response> {
  const { c, services, t } = call;
  await authorizeOss(c, services, t, { verbs: ['GET', 'HEAD'] });
  const upload = await openUpload(call);
  const max = Math.min(1000, Math.max(1, Number(t.query['max-parts'] ?? 1000) || 1000));
  const marker = Math.max(0, Number(t.query['part-number-marker'] ?? 0) || 0);
  const rows = await listParts(vodDb(services.db), upload.uploadId, marker, max + 1);
  const parts = rows.slice(0, max);
  const truncated = rows.length > max;
  const partXml = parts
    .map(
      (p) =>
        `  <Part>\n  ${xmlFields({ PartNumber: p.partNumber, LastModified: p.updatedAt, ETag: p.etag, Size: p.size })}\n  </Part>`,
    )
    .join('\n');
  const head = xmlFields({
    Bucket: t.bucket,
    Key: t.key,
    UploadId: upload.uploadId,
    PartNumberMarker: marker,
    NextPartNumberMarker: parts.at(-1)?.partNumber ?? marker,
    MaxParts: max,
    IsTruncated: String(truncated),
  });
  return xmlResponse(c, `<ListPartsResult>\n${head}${partXml ? `\n${partXml}` : ''}\n</ListPartsResult>`);
}

export async function abortMultipart(call: OssCall): Promise<Response> {
  const { c, services, t, storage } = call;
  await authorizeOss(c, services, t);
  const upload = await openUpload(call);
  await deleteUpload(vodDb(services.db), upload.uploadId);
  await storage.removeUpload(upload.uploadId);
  return c.body(null, 204);
}

/**
 * The longest ETag a listed part may give: a part's is 34 characters (quoted MD5), 44 with its
 * quotes escaped; anything longer cannot match one.
 */
export const MAX_ETAG_CHARS = 128;

/** The text between `<tag>` and `</tag>` in `s`, searched only within `s`; undefined when absent. */
function elementText(s: string, tag: string): string | undefined {
  const open = s.indexOf(`<${tag}>`);
  if (open < 0) return undefined;
  const from = open + tag.length + 2;
  const close = s.indexOf(`</${tag}>`, from);
  return close < 0 ? undefined : s.slice(from, close);
}

/**
 * `<Part><PartNumber>n</PartNumber><ETag>"…"</ETag></Part>`… in the order sent, at most `maxParts`
 * of them. A scanner, not backtracking regexes: every search starts where the last one ended, the
 * searches inside a part look at that part only, and the first unclosed element ends the parse, so
 * the work is linear in the body (the regexes it replaces went over the rest of the body again for
 * each unclosed `<Part>`: quadratic).
 */
export function parseCompleteBody(xml: string, maxParts: number): { number: number; etag: string }[] {
  const root = xml.indexOf('<CompleteMultipartUpload>');
  const rootEnd = xml.lastIndexOf('</CompleteMultipartUpload>');
  if (root < 0 || rootEnd < root) throw ossErrors.malformedXml();
  const body = xml.slice(root + '<CompleteMultipartUpload>'.length, rootEnd);
  const parts: { number: number; etag: string }[] = [];
  let at = 0;
  for (;;) {
    const open = body.indexOf('<Part>', at);
    if (open < 0) break;
    const close = body.indexOf('</Part>', open + 6);
    if (close < 0) throw ossErrors.malformedXml();
    if (parts.length === maxParts)
      throw ossErrors.invalidArgument(`A multipart upload has at most ${maxParts} parts; more were listed.`);
    const part = body.slice(open + 6, close);
    at = close + 7;
    const num = elementText(part, 'PartNumber')?.trim();
    const etag = elementText(part, 'ETag');
    if (num === undefined || etag === undefined || !/^\d{1,10}$/.test(num)) throw ossErrors.malformedXml();
    const number = Number(num);
    if (number < 1 || number > maxParts)
      throw ossErrors.invalidArgument(`Part number must be an integer between 1 and ${maxParts}, inclusive.`);
    if (etag.length > MAX_ETAG_CHARS)
      throw ossErrors.invalidPart(`The entity tag of part ${number} is longer than ${MAX_ETAG_CHARS} characters.`);
    parts.push({ number, etag: unescapeXml(etag).trim() });
  }
  if (parts.length === 0) throw ossErrors.malformedXml();
  return parts;
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(quot|amp|lt|gt|apos);/g,
    (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[e] ?? '',
  );

/** Quotes and case do not matter when comparing ETags. */
const bareEtag = (e: string) => e.replace(/"/g, '').toUpperCase();

/**
 * CompleteMultipartUpload: the listed parts must exist with those ETags, ascending, all but the last
 * at least 100 KiB. The object is assembled by streaming the part files; its ETag is OSS's
 * multipart form, MD5 of the parts' MD5s plus `-N`.
 */
export async function completeMultipart(call: OssCall): Promise<Response> {
  const { c, services, vod, t, storage } = call;
  const cred = await authorizeOss(c, services, t);
  const upload = await openUpload(call);
  const md5 = expectedMd5(t.headers);
  let body: string;
  try {
    body = await readSmallBody(c.req.raw.body, COMPLETE_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw ossErrors.malformedXml();
    throw err;
  }
  if (md5 && !md5.equals(createHash('md5').update(body, 'utf8').digest())) throw ossErrors.digestMismatch();
  const wanted = parseCompleteBody(body, vod.limits.maxParts);
  const db = vodDb(services.db);
  if (!(await claimUpload(db, upload.uploadId))) throw ossErrors.noSuchUpload(upload.uploadId);
  try {
    const stored = new Map<number, Part>(
      (await listParts(db, upload.uploadId, 0, vod.limits.maxParts)).map((p) => [p.partNumber, p]),
    );
    const chosen: Part[] = [];
    for (const [i, w] of wanted.entries()) {
      if (i > 0 && w.number <= (wanted[i - 1]?.number ?? 0)) throw ossErrors.invalidPartOrder();
      const p = stored.get(w.number);
      if (!p || bareEtag(p.etag) !== bareEtag(w.etag))
        throw ossErrors.invalidPart(
          `One or more of the specified parts could not be found or the specified entity tag might not have matched the part's entity tag (part ${w.number}).`,
        );
      chosen.push(p);
    }
    if (chosen.slice(0, -1).some((p) => p.size < MIN_PART_BYTES)) throw ossErrors.tooSmall();
    const dest = storage.objectPath(t.bucket, t.key);
    if (!dest) throw ossErrors.invalidObjectName();
    const size = chosen.reduce((s, p) => s + p.size, 0);
    // The object is assembled next to its parts before they go: the disk must hold it once more.
    const release = storage.admit(size);
    let tmp: string;
    try {
      const reserve = services.config.storageReserveBytes ?? DEFAULT_STORAGE_RESERVE;
      const available = await storage.available();
      if (available < reserve) {
        services.log.error(
          `[${c.get('requestId')}] complete ${t.key}: refused, storage full (disk full: ${available + size} bytes free for ${size}, ${reserve} kept in reserve)`,
        );
        throw ossErrors.insufficientStorage();
      }
      const dir = storage.uploadDir(upload.uploadId);
      tmp = await storage.concat(chosen.map((p) => join(dir, p.file)));
    } finally {
      release();
    }
    const all = createHash('md5');
    for (const p of chosen) all.update(Buffer.from(bareEtag(p.etag), 'hex'));
    const etag = `"${all.digest('hex').toUpperCase()}-${chosen.length}"`;
    const now = services.now();
    try {
      await storage.commit(tmp, dest, () =>
        saveObject(db, t.bucket, t.key, { size, etag, contentType: upload.contentType, updatedAt: now.toISOString() }),
      );
    } catch (err) {
      await storage.discard(tmp);
      throw err;
    }
    await deleteUpload(db, upload.uploadId);
    await storage.removeUpload(upload.uploadId);
    await objectCompleted(call.hooks, services, t.bucket, t.key, size, cred);
    // Never the request's Host: the configured or allowed origin, else a path-only Location.
    const origin = allowedOrigin(c, vod, services.config.trustProxy) ?? '';
    const fields = xmlFields({
      Location: `${origin}/${t.bucket}/${t.key}`,
      Bucket: t.bucket,
      Key: t.key,
      ETag: etag,
    });
    return xmlResponse(c, `<CompleteMultipartUploadResult>\n${fields}\n</CompleteMultipartUploadResult>`, {
      ETag: etag,
    });
  } catch (err) {
    await releaseUpload(db, upload.uploadId);
    throw err;
  }
}
