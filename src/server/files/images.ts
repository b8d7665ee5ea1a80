import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '../../contract/image-variants';
import type { IMAGE_MIMES } from '../../contract/values';
import { type DiskFaults, writeNewFile } from './disk';
import { makeVariant, type VariantFormat } from './image-processing';

/** Public URL prefix of stored images (served without a token: the names are the secret). */
/** The kinds of image stored (their bytes decide, never the name or the Content-Type). */
export type ImageMime = (typeof IMAGE_MIMES)[number];

export const IMAGE_URL_PREFIX = '/prod-api/files/images/';

export const EXT_BY_MIME: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const MIME_BY_EXT: Record<string, ImageMime> = Object.fromEntries(
  Object.entries(EXT_BY_MIME).map(([mime, ext]) => [ext, mime as ImageMime]),
);

/** 128 random bits, hex: unguessable, and the only shape GET accepts (no path tricks). */
export const STORED_NAME_RE = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The type by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImage(b: Uint8Array): ImageMime | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const imagesDir = (dataDir: string) => join(dataDir, 'files', 'images');

/** Images being written: the same file system as images/, so the final rename is atomic. */
export const filesTmpDir = (dataDir: string) => join(dataDir, 'files', '.tmp');

/**
 * Stores an image under a new random name: written to a temp file, moved into images/ only when
 * complete. A failed write (a full disk included) leaves no file behind.
 */
export async function storeImage(
  dataDir: string,
  bytes: Uint8Array,
  mime: ImageMime,
  faults?: DiskFaults,
): Promise<string> {
  const dir = imagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${EXT_BY_MIME[mime]}`;
  const tmp = join(filesTmpDir(dataDir), randomBytes(12).toString('hex'));
  await writeNewFile(tmp, [bytes], faults);
  try {
    await rename(tmp, join(dir, name));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return name;
}

export async function removeImage(dataDir: string, storedName: string): Promise<void> {
  if (!STORED_NAME_RE.test(storedName)) return;
  await rm(join(imagesDir(dataDir), storedName), { force: true });
  await removeVariants(dataDir, storedName);
}

/** Smaller copies of stored images, made on first request (`?w=`) and kept beside them. */
export const variantsDir = (dataDir: string) => join(imagesDir(dataDir), 'variants');

const VARIANT_EXT: Record<VariantFormat, string> = { webp: 'webp', jpeg: 'jpg', png: 'png' };
export const MIME_BY_VARIANT: Record<VariantFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Copies being made now, by file: two lists asking for the same cover at once make it once. */
const making = new Map<string, Promise<Buffer>>();

/**
 * The copy of `storedName` at `width` in `format`: read from the variants folder, or made (from the
 * original, off the event loop) and written there (temp file, then rename: a reader never sees half
 * a file). Null when the original is not there.
 */
export async function imageVariant(
  dataDir: string,
  storedName: string,
  width: ImageVariantWidth,
  format: VariantFormat,
): Promise<Buffer | null> {
  const base = storedName.slice(0, storedName.indexOf('.'));
  const file = join(variantsDir(dataDir), `${base}-${width}.${VARIANT_EXT[format]}`);
  try {
    return await readFile(file);
  } catch {
    // Not made yet.
  }
  const original = join(imagesDir(dataDir), storedName);
  try {
    await access(original);
  } catch {
    return null;
  }
  let pending = making.get(file);
  if (!pending) {
    pending = (async () => {
      let bytes: Buffer;
      try {
        bytes = await makeVariant(original, width, format);
      } catch {
        // A file libvips cannot decode (kept as uploaded): the original is the best there is.
        return readFile(original);
      }
      await mkdir(variantsDir(dataDir), { recursive: true });
      const tmp = join(filesTmpDir(dataDir), randomBytes(12).toString('hex'));
      await writeNewFile(tmp, [bytes]);
      await rename(tmp, file).catch(async (err) => {
        await rm(tmp, { force: true });
        throw err;
      });
      return bytes;
    })().finally(() => making.delete(file));
    making.set(file, pending);
  }
  return pending;
}

/** Every copy one stored image may have (by name: no listing of a folder that grows with the library). */
async function removeVariants(dataDir: string, storedName: string): Promise<void> {
  const base = storedName.slice(0, storedName.indexOf('.'));
  const names = IMAGE_VARIANT_WIDTHS.flatMap((w) => Object.values(VARIANT_EXT).map((ext) => `${base}-${w}.${ext}`));
  await Promise.all(names.map((n) => rm(join(variantsDir(dataDir), n), { force: true })));
}
