import { msg } from '@lingui/core/macro';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import { IMAGE_MAX_BYTES, IMAGE_MIMES } from '../../contract/values';
import type { ImageMime } from './schema';
import { imageSpec } from './spec';

export const IMAGE_MIME_OPTIONS: Option<ImageMime>[] = [
  { value: 'image/png', label: msg`PNG`, color: 'blue' },
  { value: 'image/jpeg', label: msg`JPEG`, color: 'orange' },
  { value: 'image/webp', label: msg`WebP`, color: 'teal' },
  { value: 'image/gif', label: msg`GIF`, color: 'grape' },
];

/** /users/image?pageNum&pageSize&keyword&sort&order&mime */
export const imageSearchSchema = searchSchemaOf(imageSpec);

/** What the file picker offers; the server decides by the bytes, not by this. */
export const IMAGE_ACCEPT = IMAGE_MIMES.join(',');

/** A check before sending, so a 40 MB photo is refused at once; the server checks again (413). */
export function tooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > IMAGE_MAX_BYTES;
}

/** The address to hand out: the stored url is a same-site path, so make it absolute. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}
