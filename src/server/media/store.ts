import { join, resolve, sep } from 'node:path';

/**
 * Where processing writes its outputs: `LECTERN_DATA/media/<id>/<run>/…`, beside the bucket's
 * objects (`LECTERN_DATA/oss`), one folder per media and per successful run, so a run's URLs never
 * change content and can be cached for good. Served at `/vod-media/<id>/<run>/…` (vod/media-files.ts).
 */
export const MEDIA_URL_PREFIX = '/vod-media';

export const mediaRoot = (dataDir: string) => resolve(dataDir, 'media');

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

/** The folder of one media's outputs; null for an id that is not a plain name. */
export function mediaDir(dataDir: string, id: string): string | null {
  if (!SAFE.test(id) || id.includes('..')) return null;
  return join(mediaRoot(dataDir), id);
}

/** A file under the media root from URL segments, or null when a segment is not a plain name. */
export function mediaFile(dataDir: string, segments: string[]): string | null {
  if (segments.length < 2 || segments.length > 4) return null;
  if (!segments.every((s) => SAFE.test(s) && !s.includes('..'))) return null;
  const root = mediaRoot(dataDir);
  const file = resolve(root, ...segments);
  return file.startsWith(root + sep) ? file : null;
}

export const mediaUrl = (...segments: string[]) => `${MEDIA_URL_PREFIX}/${segments.join('/')}`;
