import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageMime } from '../../resources/image/schema';
import { type DiskFaults, writeNewFile } from './disk';

/** Public URL prefix of stored images (served without a token: the names are the secret). */
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
}
