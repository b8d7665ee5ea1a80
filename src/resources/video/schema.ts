import { z } from 'zod';
import {
  optionalText,
  optionalUrl,
  pageRequest,
  type RecordMeta,
  requiredRef,
  requiredText,
} from '../../contract/common';
import { because } from '../../contract/field-codes';
import { checkRanges } from '../../contract/range';
import { pageFilters } from '../../contract/spec-schema';
import { VIDEO_SORTS, VIDEO_STATUSES } from '../../contract/values';
import { videoSpec } from './spec';

export { VIDEO_SORTS, VIDEO_STATUSES };

/** `video`: page, create, delete (no update). An upload's completion turns a record `normal`. */
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const videoCreateSchema = z.strictObject({
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
  status: z.enum(VIDEO_STATUSES, { error: 'must be uploading, normal or failed' }).default('uploading'),
});
export type VideoInput = z.infer<typeof videoCreateSchema>;

export const videoPageSchema = pageRequest(VIDEO_SORTS, {
  status: z.enum(VIDEO_STATUSES).optional(),
  cateId: z.number().int().nonnegative().optional(),
  ...pageFilters(videoSpec.filters),
}).superRefine(checkRanges(videoSpec.filters));

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
};

/** Kept for symmetry with the other resources: the record id in `DELETE /video/{id}`. */
export const videoIdSchema = requiredRef;
