import { columnMap } from '../../../server/crud/columns';
import type { Db } from '../../../server/crud/types';
import type { Video, VideoFailReason, VideoStatus } from '../schema';

export const selectVideo = (db: Db) => db.selectFrom('video').selectAll('video');

/** JSON kept as text (snapshots, play info): a broken or absent value reads as empty. */
export function readJson<T>(text: string | null, empty: T): T {
  if (!text) return empty;
  try {
    return JSON.parse(text) as T;
  } catch {
    return empty;
  }
}

const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

export const columns = columnMap<Video>()(
  selectVideo,
  [
    'title',
    'description',
    'cateId',
    'tags',
    'coverUrl',
    'videoId',
    'fileName',
    'fileSize',
    'status',
    'duration',
    'width',
    'height',
    'failReason',
    'snapshots',
  ],
  {
    // bigint column: PostgreSQL's driver returns it as a string.
    fileSize: { column: 'file_size', read: Number },
    status: { column: 'status', read: (v: string) => v as VideoStatus },
    // What processing found is written by processing.ts, never from a request.
    duration: { column: 'duration', read: nullableNumber, write: false },
    width: { column: 'width', read: nullableNumber, write: false },
    height: { column: 'height', read: nullableNumber, write: false },
    failReason: { column: 'fail_reason', read: (v: string | null) => v as VideoFailReason | null, write: false },
    snapshots: { column: 'snapshots', read: (v: string | null) => readJson<string[]>(v, []), write: false },
  },
);

export const toVideo = columns.toApi;

/** What `PUT /video` writes: the editor's fields, never the file, its id or its status. */
export const EDITABLE_COLUMNS = ['title', 'description', 'cate_id', 'tags', 'cover_url'] as const;
