/**
 * The contract's fixed value lists (statuses, roles, sortable fields, page sizes, limits), without
 * zod: screens import them from here, so a route that only needs a list of values does not pull
 * the schemas (and zod) into its chunk. Each contract module re-exports its own.
 */

// apply.ts
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;
/**
 * The only allowed changes of status; anything else is 409. Approving takes one copy from the
 * book's stock (none left: 409), returning gives it back.
 */
export const APPLICATION_TRANSITIONS: Readonly<
  Record<(typeof APPLICATION_STATUSES)[number], readonly (typeof APPLICATION_STATUSES)[number][]>
> = {
  pending: ['approved', 'rejected'],
  approved: ['returned'],
  rejected: [],
  returned: [],
};
export const APPLICATION_SORTS = ['id', 'status', 'handledAt', 'createdAt', 'updatedAt'] as const;

// audit.ts
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export const AUDIT_SORTS = ['at', 'id'] as const;

// auth.ts
export const ROLES = ['admin', 'operator'] as const;

// banner.ts
export const BANNER_SORTS = ['id', 'title', 'sort', 'enabled', 'createdAt', 'updatedAt'] as const;

// bibliography.ts
export const BIBLIOGRAPHY_SORTS = ['id', 'title', 'author', 'year', 'createdAt', 'updatedAt'] as const;
/** Oldest year a catalogued edition may carry; the newest is next year (announced titles). */
export const BIBLIOGRAPHY_MIN_YEAR = 1000;
export const bibliographyMaxYear = () => new Date().getUTCFullYear() + 1;

// book.ts
export const BOOK_STATUSES = ['on_shelf', 'off_shelf'] as const;
export const BOOK_SORTS = [
  'id',
  'title',
  'author',
  'isbn',
  'publishDate',
  'stock',
  'status',
  'createdAt',
  'updatedAt',
] as const;

// category.ts
export const CATEGORY_SORTS = ['id', 'name', 'sort', 'createdAt', 'updatedAt'] as const;
export const SUBCLASS_SORTS = ['id', 'name', 'sort', 'categoryId', 'createdAt', 'updatedAt'] as const;

// common.ts
export const PAGE_SIZES = [10, 20, 50, 100] as const;

// image.ts
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** 5 MiB (docs/api.md §4). Larger files: 413. Type decided by the file's bytes, not its name: else 415. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_SORTS = ['id', 'fileName', 'size', 'createdAt'] as const;
/** The multipart field of `POST /file/upload/img`. */
export const IMAGE_UPLOAD_FIELD = 'file';

// news.ts
export const NEWS_STATUSES = ['draft', 'published'] as const;
export const NEWS_SORTS = ['id', 'title', 'status', 'publishedAt', 'createdAt', 'updatedAt'] as const;

// online.ts
export const MESSAGE_STATUSES = ['unread', 'read', 'replied'] as const;
export const MESSAGE_SORTS = ['id', 'readerName', 'status', 'createdAt', 'updatedAt'] as const;

// reader.ts
export const READER_STATUSES = ['active', 'disabled'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const READER_SORTS = ['id', 'nickName', 'phone', 'status', 'createdAt', 'updatedAt'] as const;

// resource.ts
/** The `resource` resource: downloadable or linked reading material. */
export const RESOURCE_TYPES = ['ebook', 'audio', 'video', 'document', 'link'] as const;
export const RESOURCE_SORTS = ['id', 'title', 'type', 'createdAt', 'updatedAt'] as const;

// staff.ts
/** Staff accounts: the `/user` resource, the Staff screen (admin only, docs/api.md §3). */
export const STAFF_STATUSES = ['active', 'disabled'] as const;
export const STAFF_SORTS = ['id', 'userName', 'name', 'phone', 'status', 'createdAt', 'updatedAt'] as const;

// video.ts
/** The cloud's statuses (docs/api.md §7): bytes arriving, complete, processing, failed, playable. */
export const VIDEO_STATUSES = ['Uploading', 'UploadSucc', 'Transcoding', 'TranscodeFail', 'Normal'] as const;
/** The statuses before §7, still accepted as input: each names one of the cloud's. */
export const VIDEO_LEGACY_STATUSES = { uploading: 'Uploading', normal: 'Normal', failed: 'TranscodeFail' } as const;
/** Why processing failed (a video's `failReason`); the console translates each. */
export const VIDEO_FAIL_REASONS = ['not_a_video', 'transcode_failed', 'source_missing', 'upload_abandoned'] as const;
export const VIDEO_SORTS = ['id', 'title', 'fileSize', 'status', 'createdAt', 'updatedAt'] as const;
