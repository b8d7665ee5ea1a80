import { z } from 'zod';
import {
  optionalText,
  optionalUrl,
  type RecordMeta,
  requiredRef,
  requiredText,
  versionField,
} from '../../contract/common';
import { because } from '../../contract/field-codes';
import { pageSchemaOf } from '../../contract/spec-schema';
import { VIDEO_FAIL_REASONS, VIDEO_LEGACY_STATUSES, VIDEO_STATUSES } from '../../contract/values';
import { videoSpec } from './spec';

export { VIDEO_FAIL_REASONS, VIDEO_STATUSES };

/**
 * `video`: page, create, update (its text and cover), delete; `POST /video/{id}/retry`. An upload's
 * completion turns a record `UploadSucc`, processing `Transcoding` then `Normal` or `TranscodeFail`.
 */
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export type VideoFailReason = (typeof VIDEO_FAIL_REASONS)[number];

/** A status as the cloud names it; the lowercase names of before (`normal`…) still read as theirs. */
const videoStatus = z.preprocess(
  (v) =>
    typeof v === 'string' && Object.hasOwn(VIDEO_LEGACY_STATUSES, v)
      ? VIDEO_LEGACY_STATUSES[v as keyof typeof VIDEO_LEGACY_STATUSES]
      : v,
  z.enum(VIDEO_STATUSES, { error: 'must be Uploading, UploadSucc, Transcoding, TranscodeFail or Normal' }),
);

const editable = {
  title: requiredText(1, 128),
  description: optionalText(1024),
  /** The video service's category id (not a Lectern category). */
  cateId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.number({ error: 'must be a number' }).int('must be an integer').nonnegative('must be 0 or more').optional(),
  ),
  /** Comma-separated, as the video service takes them. */
  tags: optionalText(500),
  coverUrl: optionalUrl,
};

export const videoCreateSchema = z.strictObject({
  ...editable,
  /** The video service's id; unique. */
  videoId: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(64, 'at most 64 characters')
    .refine((s) => /^[A-Za-z0-9_-]+$/.test(s), because('id_chars', 'letters, digits, _ and - only')),
  fileName: requiredText(1, 255),
  fileSize: z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'too large'),
  status: videoStatus.default('Uploading'),
});
export type VideoInput = z.infer<typeof videoCreateSchema>;

/** `PUT /video`: what an editor may change; the file, its id and what processing found are not. */
export const videoUpdateSchema = z.strictObject({
  ...editable,
  id: requiredRef,
  version: versionField,
  // A form may send the whole record back: the upload's own fields are accepted and ignored.
  videoId: z.unknown().optional(),
  fileName: z.unknown().optional(),
  fileSize: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

export const videoPageSchema = pageSchemaOf(videoSpec, {
  status: videoStatus.optional(),
  cateId: z.number().int().nonnegative().optional(),
});

export type Video = RecordMeta & {
  title: string;
  description: string | null;
  cateId: number | null;
  tags: string | null;
  coverUrl: string | null;
  videoId: string;
  fileName: string;
  fileSize: number;
  status: VideoStatus;
  /** Seconds, from the probe; null before processing. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** Why processing failed (`TranscodeFail`), else null. */
  failReason: VideoFailReason | null;
  /** Frames taken for covers, as URLs; empty before processing. */
  snapshots: string[];
};

/** Kept for symmetry with the other resources: the record id in `DELETE /video/{id}`. */
export const videoIdSchema = requiredRef;
