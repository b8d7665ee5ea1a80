import { createStore, del, entries, get, set } from 'idb-keyval';
import type { InterruptedUpload, ItemState } from './protocol';

/**
 * Checkpoints in IndexedDB (docs/product.md §3 "stored upload checkpoint"), one per file under its
 * checkpoint key `upload_{lastModified}_{name}_{size}`. A stored checkpoint belongs to one bucket,
 * object and file fingerprint (MD5 of the first 1024 bytes): a file is resumed from it only when all
 * of them agree. Written after every transition, deleted on success.
 */
export interface OssCheckpoint {
  name: string;
  fileSize: number;
  partSize: number;
  uploadId: string;
  doneParts: { number: number; etag: string }[];
}

export interface StoredCheckpoint {
  fileName: string;
  lastModified: number;
  size: number;
  object: string;
  videoId: string | null;
  bucket: string;
  endpoint: string;
  /** ali-oss's checkpoint without its File (a File does not belong in a checkpoint). */
  checkpoint: OssCheckpoint | null;
  loaded: number;
  state: ItemState;
  fileHash: string;
  updatedAt: number;
  /** The file's handle, where the browser gave one: resuming after a reload needs no new pick. */
  handle?: FileSystemFileHandle;
}

export interface Kv {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[IDBValidKey, unknown][]>;
}

/** The IndexedDB database of the checkpoints (the console looks for it before starting the worker). */
export const CHECKPOINT_DB = 'lectern-upload';

export function idbKv(): Kv {
  const store = createStore(CHECKPOINT_DB, 'checkpoints');
  return {
    get: (k) => get(k, store),
    set: (k, v) => set(k, v, store),
    del: (k) => del(k, store),
    entries: () => entries(store),
  };
}

export function isOssCheckpoint(v: unknown): v is OssCheckpoint {
  const c = v as OssCheckpoint | null;
  return (
    !!c &&
    typeof c.name === 'string' &&
    typeof c.uploadId === 'string' &&
    c.uploadId !== '' &&
    Number.isInteger(c.fileSize) &&
    Number.isInteger(c.partSize) &&
    c.partSize > 0 &&
    Array.isArray(c.doneParts) &&
    c.doneParts.every((p) => Number.isInteger(p?.number) && typeof p?.etag === 'string')
  );
}

/** Whether a stored checkpoint may resume this file: same fingerprint and size, same object if known. */
export function matches(
  rec: StoredCheckpoint,
  file: { size: number; fileHash: string },
  address?: { bucket: string; object: string },
): boolean {
  if (rec.fileHash !== file.fileHash || rec.size !== file.size) return false;
  if (address && (rec.bucket !== address.bucket || rec.object !== address.object)) return false;
  return rec.checkpoint === null || (isOssCheckpoint(rec.checkpoint) && rec.checkpoint.fileSize === file.size);
}

export const toInterrupted = (key: string, r: StoredCheckpoint): InterruptedUpload => ({
  key,
  fileName: r.fileName,
  fileSize: r.size,
  lastModified: r.lastModified,
  loaded: r.loaded,
  videoId: r.videoId,
  state: r.state,
  reopenable: r.handle !== undefined,
});

/** The UploadPoint reported to the service (ReportUploadProgress) and read back (GetUploadProgress). */
export function toUploadPoint(r: StoredCheckpoint): string {
  return JSON.stringify({
    fileName: r.fileName,
    fileHash: r.fileHash,
    fileSize: r.size,
    videoId: r.videoId,
    bucket: r.bucket,
    object: r.object,
    loaded: r.loaded,
    checkpoint: r.checkpoint,
  });
}

export function parseUploadPoint(
  s: string | undefined,
): { bucket: string; object: string; checkpoint: OssCheckpoint; loaded: number } | null {
  if (!s) return null;
  try {
    const p = JSON.parse(s) as Record<string, unknown>;
    if (typeof p.bucket !== 'string' || typeof p.object !== 'string' || !isOssCheckpoint(p.checkpoint)) return null;
    return { bucket: p.bucket, object: p.object, checkpoint: p.checkpoint, loaded: Number(p.loaded) || 0 };
  } catch {
    return null;
  }
}

export function checkpointStore(kv: Kv = idbKv()) {
  return {
    save: (key: string, rec: StoredCheckpoint) => kv.set(key, rec),
    load: async (key: string) => ((await kv.get(key)) as StoredCheckpoint | undefined) ?? null,
    remove: (key: string) => kv.del(key),
    /** Every stored checkpoint: the uploads a reload or crash interrupted. */
    async list(): Promise<[string, StoredCheckpoint][]> {
      const all = await kv.entries();
      return all
        .filter((e): e is [string, StoredCheckpoint] => typeof e[0] === 'string' && e[0].startsWith('upload_'))
        .sort((a, b) => a[1].updatedAt - b[1].updatedAt);
    },
  };
}

export type CheckpointStore = ReturnType<typeof checkpointStore>;
