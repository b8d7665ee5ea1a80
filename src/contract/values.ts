/**
 * The contract's fixed value lists (statuses, roles, sortable fields, page sizes, limits), without
 * zod: screens import them from here, so a route that only needs a list of values does not pull
 * the schemas (and zod) into its chunk. Each contract module re-exports its own.
 */

// auth.ts
export const ROLES = ['admin', 'operator'] as const;

// common.ts
export const PAGE_SIZES = [10, 20, 50, 100] as const;

// src/resources/image/schema.ts
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** 5 MiB (docs/api.md §4). Larger files: 413. Type decided by the file's bytes, not its name: else 415. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of `POST /file/upload/img`. */
export const IMAGE_UPLOAD_FIELD = 'file';

// src/resources/video/schema.ts
/** The cloud's statuses (docs/api.md §7): bytes arriving, complete, processing, failed, playable. */
export const VIDEO_STATUSES = ['Uploading', 'UploadSucc', 'Transcoding', 'TranscodeFail', 'Normal'] as const;
/** The statuses before §7, still accepted as input: each names one of the cloud's. */
export const VIDEO_LEGACY_STATUSES = { uploading: 'Uploading', normal: 'Normal', failed: 'TranscodeFail' } as const;
/** Why processing failed (a video's `failReason`); the console translates each. */
export const VIDEO_FAIL_REASONS = ['not_a_video', 'transcode_failed', 'source_missing', 'upload_abandoned'] as const;
