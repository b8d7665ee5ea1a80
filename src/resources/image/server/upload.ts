import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { IMAGE_VARIANT_WIDTHS, snapImageWidth } from '../../../contract/image-variants';
import { currentUser } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import { diffRecords, writeAudit } from '../../../server/db/repositories/audit';
import {
  cleanImage,
  ImageTooLarge,
  ImageUnreadable,
  MAX_IMAGE_PIXELS,
  type VariantFormat,
} from '../../../server/files/image-processing';
import {
  IMAGE_URL_PREFIX,
  imagesDir,
  imageVariant,
  MIME_BY_EXT,
  MIME_BY_VARIANT,
  removeImage,
  STORED_NAME_RE,
  sniffImage,
  storeImage,
} from '../../../server/files/images';
import { ok } from '../../../server/http/envelope';
import { invalidField, storageFull, tooLarge, unsupportedType } from '../../../server/http/errors';
import { readForm } from '../../../server/http/forms';
import type { Services } from '../../../server/services';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_FIELD, type ImageUploadResult } from '../schema';
import { toImage } from './records';

const LARGEST_WIDTH = Math.max(...IMAGE_VARIANT_WIDTHS);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The format of a copy: WebP when the browser says it takes it (every browser the console supports
 * does), else the original's own kind (a GIF's first frame as PNG).
 */
function variantFormat(accept: string | undefined, ext: string): VariantFormat {
  if (/\bimage\/webp\b/i.test(accept ?? '')) return 'webp';
  return ext === 'jpg' ? 'jpeg' : 'png';
}

/**
 * GET of a stored image, registered before the token check: an <img> tag cannot send X-Token. The
 * 128-bit random name is the capability; content never changes under a name, hence immutable.
 * `?w=N`: a copy at most N px wide (N snapped up to the next of IMAGE_VARIANT_WIDTHS), never wider than
 * the original, made on first request and kept; WebP when Accept takes it (`Vary: Accept`).
 */
export function imageFiles(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!STORED_NAME_RE.test(name)) return c.notFound();
    const ext = name.slice(name.lastIndexOf('.') + 1);
    const w = c.req.query('w');
    if (w !== undefined) {
      const requested = /^\d{1,5}$/.test(w) ? Number(w) : 0;
      const width = requested > 0 ? snapImageWidth(requested) : null;
      if (!width)
        throw invalidField('w', `must be a width from 1 to ${LARGEST_WIDTH}`, {
          code: 'max',
          params: { max: LARGEST_WIDTH },
        });
      const format = variantFormat(c.req.header('accept'), ext);
      const copy = await imageVariant(services.dataDir, name, width, format);
      if (!copy) return c.notFound();
      return c.body(new Uint8Array(copy), 200, {
        'Content-Type': MIME_BY_VARIANT[format],
        'Cache-Control': IMMUTABLE,
        Vary: 'Accept',
        'Content-Length': String(copy.length),
      });
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(join(imagesDir(services.dataDir), name));
    } catch {
      return c.notFound();
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': MIME_BY_EXT[ext] ?? 'application/octet-stream',
      'Cache-Control': IMMUTABLE,
      'Content-Length': String(bytes.length),
    });
  });
  return app;
}

/** POST /file/upload/img: multipart `file`, type by magic bytes, at most 5 MiB. */
export function imageUpload(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/img', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw unsupportedType('Content-Type must be multipart/form-data');
    const form = await readForm(c);
    const file = form[IMAGE_UPLOAD_FIELD];
    if (Array.isArray(file)) throw invalidField(IMAGE_UPLOAD_FIELD, 'one file only');
    if (!(file instanceof File)) throw invalidField(IMAGE_UPLOAD_FIELD, 'required (a file)');
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge('Image', '5 MiB');
    if (file.size === 0) throw invalidField(IMAGE_UPLOAD_FIELD, 'the file is empty');
    const mime = sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!mime) throw unsupportedType('The file is not a PNG, JPEG, WebP or GIF image');
    // Stored as shown and without what a photo tells about where and with what it was taken.
    let cleaned: Awaited<ReturnType<typeof cleanImage>>;
    try {
      cleaned = await cleanImage(new Uint8Array(await file.arrayBuffer()), mime);
    } catch (err) {
      if (err instanceof ImageTooLarge)
        throw invalidField(IMAGE_UPLOAD_FIELD, `has ${err.pixels} pixels; at most ${MAX_IMAGE_PIXELS}`, {
          code: 'max',
          params: { max: MAX_IMAGE_PIXELS },
        });
      if (err instanceof ImageUnreadable)
        throw unsupportedType('The file is not a readable PNG, JPEG, WebP or GIF image');
      throw err;
    }
    const { bytes, width, height } = cleaned;
    const user = currentUser(c);
    const fileName = (file.name || 'image').slice(0, 255);
    const room = await services.files.roomFor(imagesDir(services.dataDir), bytes.length);
    if (!room.fits) {
      services.log.error(
        `[${c.get('requestId')}] image upload refused: storage full (disk full: ${room.free} bytes free, ${services.files.reserveBytes} kept in reserve)`,
      );
      throw storageFull();
    }
    // The file first, then the row: a failed transaction removes the orphan file below. A failed
    // write removes its own temp file; app.onError answers a full disk with 507.
    const storedName = await storeImage(services.dataDir, bytes, mime, services.files.faults);
    try {
      const out = await services.db.transaction().execute(async (trx) => {
        const at = services.now().toISOString();
        const { id } = await trx
          .insertInto('image')
          .values({
            file_name: fileName,
            stored_name: storedName,
            size: bytes.length,
            mime,
            width,
            height,
            uploaded_by: user.name,
            uploaded_by_id: user.staffId,
            version: 0,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = await trx.selectFrom('image').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const record = toImage(row);
        const changes = diffRecords(null, record as unknown as Record<string, unknown>);
        await writeAudit(trx, auditEntry(user, 'create', 'image', id, at, changes, fileName));
        return { id, url: `${IMAGE_URL_PREFIX}${storedName}` } satisfies ImageUploadResult;
      });
      return ok(c, out, 201);
    } catch (err) {
      await removeImage(services.dataDir, storedName);
      throw err;
    }
  });
  return app;
}
