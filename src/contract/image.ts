import { z } from 'zod';
import { pageRequest, type RecordMeta } from './common';

/** `image`: the image library. Created only by `POST /file/upload/img`; page and delete. */
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMime = (typeof IMAGE_MIMES)[number];

/** 5 MiB (API.md §4). Larger files: 413. Type decided by the file's bytes, not its name: else 415. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of `POST /file/upload/img`. */
export const IMAGE_UPLOAD_FIELD = 'file';

export const IMAGE_SORTS = ['id', 'fileName', 'size', 'createdAt'] as const;
export const imagePageSchema = pageRequest(IMAGE_SORTS, { mime: z.enum(IMAGE_MIMES).optional() });
export type ImagePageRequest = z.input<typeof imagePageSchema>;

export type ImageRecord = RecordMeta & {
  /** Public, unguessable, long-cached: readable by an <img> without the X-Token header. */
  url: string;
  fileName: string;
  size: number;
  mime: ImageMime;
  /** Staff name of the uploader. */
  uploadedBy: string;
  uploadedById: number | null;
};

/** `data` of `POST /file/upload/img`. */
export interface ImageUploadResult {
  id: number;
  url: string;
}
