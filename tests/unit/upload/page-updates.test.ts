import { describe, expect, it } from 'vitest';
import { assignChanged, Coalescer, PAGE_SNAPSHOT_EVERY_MS, summarise } from '../../../src/upload/page-updates';
import { SNAPSHOT_EVERY_MS } from '../../../src/upload/progress';
import type { UploadItem, UploadSnapshot } from '../../../src/upload/protocol';
import { manualTimers } from './manual-timers';

describe('Coalescer (snapshots to the page)', () => {
  it('applies at most four a second however many arrive, and always the last', () => {
    const { timers, advance } = manualTimers();
    const applied: number[] = [];
    const c = new Coalescer<number>((v) => applied.push(v), PAGE_SNAPSHOT_EVERY_MS, timers);
    // 100 snapshots over one second (ali-oss reports every part).
    for (let i = 1; i <= 100; i++) {
      c.push(i);
      advance(10);
    }
    advance(1000);
    expect(applied.length).toBeLessThanOrEqual(5);
    expect(applied[0]).toBe(1);
    expect(applied.at(-1)).toBe(100);
    // Never two closer than the window.
    expect(PAGE_SNAPSHOT_EVERY_MS).toBeGreaterThanOrEqual(250);
  });

  it('applies the first of a quiet period at once', () => {
    const { timers, advance } = manualTimers();
    const applied: string[] = [];
    const c = new Coalescer<string>((v) => applied.push(v), 250, timers);
    c.push('a');
    expect(applied).toEqual(['a']);
    advance(1000);
    c.push('b');
    expect(applied).toEqual(['a', 'b']);
    c.push('c');
    c.push('d');
    expect(applied).toEqual(['a', 'b']);
    advance(250);
    expect(applied).toEqual(['a', 'b', 'd']);
  });

  it('the worker posts no more often than the page applies', () => {
    expect(SNAPSHOT_EVERY_MS).toBeGreaterThanOrEqual(PAGE_SNAPSHOT_EVERY_MS);
  });
});

describe('the indicator summary', () => {
  const item = (loaded: number): UploadItem =>
    ({ id: 'a', batch: 1, state: 'Uploading', fileSize: 1000, loaded }) as unknown as UploadItem;
  const snap = (loaded: number): UploadSnapshot => ({
    uploader: 'Start',
    online: true,
    items: [item(loaded)],
    interrupted: [],
    reportProgress: true,
  });

  it('changes only with a whole percent, so bytes alone write nothing', () => {
    const target = summarise(snap(100));
    const writes: string[] = [];
    const watched = new Proxy(target, {
      set(t, k, v) {
        writes.push(String(k));
        return Reflect.set(t, k, v);
      },
    });
    assignChanged(watched, summarise(snap(101)));
    assignChanged(watched, summarise(snap(109)));
    expect(writes).toEqual([]);
    assignChanged(watched, summarise(snap(110)));
    expect(writes).toEqual(['percent']);
    expect(target).toEqual({
      active: 1,
      percent: 11,
      online: true,
      reconnecting: false,
      interrupted: 0,
      succeeded: '',
    });
  });
});
