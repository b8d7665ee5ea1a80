import { describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY_MS, Checkpoints } from '../../../src/upload/checkpoints';
import { checkpointStore, type Kv, type StoredCheckpoint } from '../../../src/upload/persist';
import { manualTimers } from './manual-timers';

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

/** Live checkpoints of one upload, on a disk that keeps up, under a clock the test moves. */
function onTimedDisk() {
  const disk = slowKv();
  const { timers, advance } = manualTimers();
  const checkpoints = new Checkpoints(checkpointStore(disk.kv), timers.now, () => {}, timers);
  const live = rec(0);
  checkpoints.set('1', live);
  return { disk, advance, checkpoints, live };
}

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

  it('writes parts stored on a fast link at most four times a second, the latest last', async () => {
    const { disk, advance, checkpoints, live } = onTimedDisk();
    // 200 parts over two seconds (100 MiB/s), each asking for a save; the disk keeps up.
    for (let part = 1; part <= 200; part++) {
      live.loaded = part * 1048576;
      checkpoints.saveProgress('upload_1', live);
      await checkpoints.flush();
      advance(10);
    }
    advance(CHECKPOINT_EVERY_MS);
    await checkpoints.flush();
    expect(CHECKPOINT_EVERY_MS).toBeLessThanOrEqual(250);
    expect(disk.writes.length).toBeLessThanOrEqual(2000 / CHECKPOINT_EVERY_MS + 2);
    expect(disk.writes[0]?.value).toMatchObject({ loaded: 1048576 });
    expect((disk.m.get('upload_1') as StoredCheckpoint).loaded).toBe(200 * 1048576);
  });

  it('writes a part stored after a quiet while at once, and a transition without waiting', async () => {
    const { disk, advance, checkpoints, live } = onTimedDisk();
    live.loaded = 1048576;
    checkpoints.saveProgress('upload_1', live);
    await checkpoints.flush();
    expect(disk.writes).toHaveLength(1);
    // The next part within the window waits; stopping meanwhile is written at once, part included.
    live.loaded = 2 * 1048576;
    checkpoints.saveProgress('upload_1', live);
    await checkpoints.flush();
    expect(disk.writes).toHaveLength(1);
    live.state = 'Stoped';
    checkpoints.save('upload_1', live);
    await checkpoints.flush();
    expect(disk.writes[1]?.value).toMatchObject({ loaded: 2 * 1048576, state: 'Stoped' });
    // A slow link (a part every second): every part is written when it is stored.
    advance(1000);
    live.loaded = 3 * 1048576;
    checkpoints.saveProgress('upload_1', live);
    await checkpoints.flush();
    expect(disk.writes.at(-1)?.value).toMatchObject({ loaded: 3 * 1048576 });
  });

  it('writes no folded part of an upload finished or discarded before its window ends', async () => {
    const { disk, advance, checkpoints, live } = onTimedDisk();
    checkpoints.saveProgress('upload_1', live);
    live.loaded = 5;
    checkpoints.saveProgress('upload_1', live);
    checkpoints.drop('1');
    checkpoints.remove('upload_1');
    advance(CHECKPOINT_EVERY_MS * 2);
    await checkpoints.flush();
    expect(disk.m.has('upload_1')).toBe(false);
  });
});
