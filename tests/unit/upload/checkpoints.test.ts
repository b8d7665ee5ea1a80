import { describe, expect, it } from 'vitest';
import { Checkpoints } from '../../../src/upload/checkpoints';
import { checkpointStore, type Kv, type StoredCheckpoint } from '../../../src/upload/persist';

/** A map as the key-value store, whose writes wait until `release()` (a slow disk), and every write seen. */
function slowKv() {
  const m = new Map<string, unknown>();
  const writes: { key: string; value: unknown }[] = [];
  let gate = Promise.resolve();
  let open = () => {};
  const kv: Kv = {
    get: async (k) => m.get(k),
    set: async (k, v) => {
      writes.push({ key: k, value: v });
      await gate;
      m.set(k, v);
    },
    del: async (k) => {
      await gate;
      m.delete(k);
    },
    entries: async () => [...m.entries()],
  };
  return {
    kv,
    m,
    writes,
    hold: () => {
      gate = new Promise<void>((r) => {
        open = r;
      });
    },
    release: () => open(),
  };
}

/** Live checkpoints written to a slow disk. */
function onSlowDisk() {
  const disk = slowKv();
  return {
    disk,
    checkpoints: new Checkpoints(
      checkpointStore(disk.kv),
      () => 0,
      () => {},
    ),
  };
}

const rec = (loaded: number): StoredCheckpoint => ({
  fileName: 'a.mp4',
  lastModified: 1,
  size: 200 * 1048576,
  object: 'sv/a.mp4',
  videoId: 'v1',
  bucket: 'b',
  endpoint: 'http://127.0.0.1:1',
  checkpoint: null,
  loaded,
  state: 'Uploading',
  fileHash: 'h',
  updatedAt: 0,
});

describe('checkpoints: writes', () => {
  it('folds the saves made while a write is waiting into one write of the latest record', async () => {
    const { disk, checkpoints } = onSlowDisk();
    const live = rec(0);
    checkpoints.set('1', live);
    disk.hold();
    checkpoints.save('upload_1', live);
    await Promise.resolve();
    // The first write is under way; 50 parts are stored meanwhile, each asking for a save.
    for (let part = 1; part <= 50; part++) {
      live.loaded = part * 1048576;
      checkpoints.save('upload_1', live);
    }
    disk.release();
    await checkpoints.flush();
    // The one under way, then one for the 50.
    expect(disk.writes).toHaveLength(2);
    expect((disk.m.get('upload_1') as StoredCheckpoint).loaded).toBe(50 * 1048576);
  });

  it('keeps the order of a save, a removal and a save of the same key', async () => {
    const { disk, checkpoints } = onSlowDisk();
    const first = rec(1);
    const second = rec(2);
    checkpoints.set('1', first);
    disk.hold();
    checkpoints.save('upload_1', first);
    checkpoints.remove('upload_1');
    checkpoints.set('1', second);
    checkpoints.save('upload_1', second);
    disk.release();
    await checkpoints.flush();
    expect((disk.m.get('upload_1') as StoredCheckpoint).loaded).toBe(2);
  });

  it('writes nothing for a record no longer live when its turn comes', async () => {
    const { disk, checkpoints } = onSlowDisk();
    const live = rec(1);
    checkpoints.set('1', live);
    checkpoints.save('upload_1', live);
    checkpoints.drop('1');
    await checkpoints.flush();
    expect(disk.writes).toEqual([]);
  });
});
