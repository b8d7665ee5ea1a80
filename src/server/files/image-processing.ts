import sharp, { type Metadata } from 'sharp';
import type { ImageVariantWidth } from '../../contract/image-variants';
import type { ImageMime } from './images';

/**
 * What the server does to image bytes, with sharp (libvips, off the event loop in libuv's pool):
 * clean an upload (orientation applied, metadata stripped) and make the smaller copies lists ask for.
 */

/**
 * The most pixels an image may decode to. A 5 MiB file can claim a billion pixels (a flat PNG
 * compresses that well) and decoding it would take gigabytes; a 48-megapixel phone photo fits.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export class ImageTooLarge extends Error {
  constructor(readonly pixels: number) {
    super(`the image has ${pixels} pixels; at most ${MAX_IMAGE_PIXELS} are accepted`);
  }
}

/** An image libvips read the header of but could not decode. */
export class ImageUnreadable extends Error {}

const open = (input: Uint8Array | string, animated = false) =>
  sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });

export interface CleanImage {
  bytes: Uint8Array;
  /** As shown: after the orientation is applied; null when libvips cannot read the file. */
  width: number | null;
  height: number | null;
}

/**
 * An upload as it is stored: when it carries EXIF, XMP or IPTC metadata (a phone photo's GPS
 * position, a camera's serial number) or an orientation tag, it is written again in its own format
 * with the orientation applied to the pixels and no metadata (the colour profile is kept); otherwise
 * the bytes are kept as they are. Throws ImageTooLarge or ImageUnreadable.
 */
export async function cleanImage(bytes: Uint8Array, mime: ImageMime): Promise<CleanImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    // Its first bytes say it is an image, but libvips cannot read it (truncated, or a format
    // variant it does not know): kept as sent, as before, with no dimensions; browsers may read it.
    return { bytes, width: null, height: null };
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) throw new ImageTooLarge(pixels);
  const oriented = (meta.orientation ?? 1) > 1;
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height ?? 0;
  if (!oriented && !meta.exif && !meta.xmp && !meta.iptc) return { bytes, width, height };
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    const img = open(bytes, animated).autoOrient().keepIccProfile();
    const out =
      mime === 'image/jpeg'
        ? img.jpeg({ quality: 92, mozjpeg: true })
        : mime === 'image/png'
          ? img.png()
          : mime === 'image/webp'
            ? img.webp({ quality: 92 })
            : img.gif();
    return { bytes: new Uint8Array(await out.toBuffer()), width, height };
  } catch {
    throw new ImageUnreadable('the image cannot be read');
  }
}

export type VariantFormat = 'webp' | 'jpeg' | 'png';

/**
 * A copy of the stored image at `file`, at most `width` px wide and never wider than the original,
 * in `format` (the first frame of an animation). Quality as for thumbnails and list pictures.
 */
export async function makeVariant(file: string, width: ImageVariantWidth, format: VariantFormat): Promise<Buffer> {
  const img = open(file).autoOrient().resize({ width, withoutEnlargement: true });
  const out =
    format === 'webp'
      ? img.webp({ quality: 72, effort: 4 })
      : format === 'jpeg'
        ? img.jpeg({ quality: 78, mozjpeg: true })
        : img.png({ compressionLevel: 9, palette: true });
  return out.toBuffer();
}
