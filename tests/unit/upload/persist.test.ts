import { describe, expect, it } from 'vitest';
import {
  checkpointStore,
  type Kv,
  matches,
  parseUploadPoint,
  type StoredCheckpoint,
  toUploadPoint,
} from '../../../src/upload/persist';

function mapKv(): Kv {
  const m = new Map<string, unknown>();
  return {
    get: async (k) => m.get(k),
    set: async (k, v) => void m.set(k, v),
    del: async (k) => void m.delete(k),
    entries: async () => [...m.entries()],
  };
}

const rec = (extra: Partial<StoredCheckpoint> = {}): StoredCheckpoint => ({
  fileName: 'a.mp4',
  lastModified: 1,
  size: 3_000_000,
  object: 'sv/a.mp4',
  videoId: 'v1',
  bucket: 'b',
  endpoint: 'http://127.0.0.1:1',
  checkpoint: {
    name: 'sv/a.mp4',
    fileSize: 3_000_000,
    partSize: 1048576,
    uploadId: 'u1',
    doneParts: [{ number: 1, etag: '"e"' }],
  },
  loaded: 1048576,
  state: 'Uploading',
  fileHash: 'h',
  updatedAt: 5,
  ...extra,
});

describe('matches', () => {
  it.each<
    [
      string,
      StoredCheckpoint,
      { size: number; fileHash: string },
      { bucket: string; object: string } | undefined,
      boolean,
    ]
  >([
    ['the same file', rec(), { size: 3_000_000, fileHash: 'h' }, undefined, true],
    [
      'the same file at the same object',
      rec(),
      { size: 3_000_000, fileHash: 'h' },
      { bucket: 'b', object: 'sv/a.mp4' },
      true,
    ],
    ['another fingerprint', rec(), { size: 3_000_000, fileHash: 'x' }, undefined, false],
    ['another size', rec(), { size: 3, fileHash: 'h' }, undefined, false],
    ['another object', rec(), { size: 3_000_000, fileHash: 'h' }, { bucket: 'b', object: 'sv/b.mp4' }, false],
    ['another bucket', rec(), { size: 3_000_000, fileHash: 'h' }, { bucket: 'c', object: 'sv/a.mp4' }, false],
    ['no checkpoint yet', rec({ checkpoint: null }), { size: 3_000_000, fileHash: 'h' }, undefined, true],
    [
      'a broken checkpoint',
      rec({ checkpoint: { uploadId: '' } as never }),
      { size: 3_000_000, fileHash: 'h' },
      undefined,
      false,
    ],
  ])('resumes %s: %s', (_, r, file, address, expected) => {
    expect(matches(r, file, address)).toBe(expected);
  });
});

describe('UploadPoint', () => {
  it('round-trips what ReportUploadProgress sends', () => {
    expect(parseUploadPoint(toUploadPoint(rec()))).toEqual({
      bucket: 'b',
      object: 'sv/a.mp4',
      checkpoint: rec().checkpoint,
      loaded: 1048576,
    });
  });

  it.each([
    undefined,
    '',
    'not json',
    '{}',
    JSON.stringify({ bucket: 'b', object: 'o', checkpoint: { uploadId: 'u' } }),
  ])('ignores %s', (s) => {
    expect(parseUploadPoint(s)).toBeNull();
  });
});

describe('checkpointStore', () => {
  it('saves, lists upload_ keys oldest first, and deletes', async () => {
    const kv = mapKv();
    const store = checkpointStore(kv);
    await store.save('upload_2_b.mp4_9', rec({ updatedAt: 9 }));
    await store.save('upload_1_a.mp4_3', rec({ updatedAt: 3 }));
    await kv.set('other', { updatedAt: 0 });
    expect((await store.list()).map(([k]) => k)).toEqual(['upload_1_a.mp4_3', 'upload_2_b.mp4_9']);
    expect((await store.load('upload_1_a.mp4_3'))?.updatedAt).toBe(3);
    await store.remove('upload_1_a.mp4_3');
    expect(await store.load('upload_1_a.mp4_3')).toBeNull();
    expect((await store.list()).length).toBe(1);
  });
});
