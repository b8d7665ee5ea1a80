import type { RecordMeta } from '../../contract/common';
import { pageSchemaOf } from '../../contract/spec-schema';
import { IMAGE_MAX_BYTES, type IMAGE_MIMES, IMAGE_UPLOAD_FIELD } from '../../contract/values';
import { imageSpec } from './spec';

export { IMAGE_MAX_BYTES, IMAGE_UPLOAD_FIELD };

/** `image`: the image library. Created only by `POST /file/upload/img`; page and delete. */
export type ImageMime = (typeof IMAGE_MIMES)[number];

export const imagePageSchema = pageSchemaOf(imageSpec);

export type ImageRecord = RecordMeta & {
  /** Public, unguessable, long-cached: readable by an <img> without the X-Token header. */
  url: string;
  fileName: string;
  size: number;
  mime: ImageMime;
  /** As shown (orientation applied); null for an image stored before dimensions were kept. */
  width: number | null;
  height: number | null;
  /** Staff name of the uploader. */
  uploadedBy: string;
  uploadedById: number | null;
};

/** `data` of `POST /file/upload/img`. */
export type { ImageUploadResult } from '../../contract/options';
