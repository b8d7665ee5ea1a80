import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  flushPendingDeletes,
  pendingKey,
  pendingSnapshot,
  schedulePendingDelete,
  subscribePending,
} from '../../../src/components/resource/list/pending-deletes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('schedulePendingDelete', () => {
  it('hides the record at once and commits after the window', async () => {
    const commit = vi.fn(async () => {});
    schedulePendingDelete('book', 1, commit, 5000);
    expect(pendingSnapshot().has(pendingKey('book', 1))).toBe(true);
    await vi.advanceTimersByTimeAsync(4999);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledWith(false);
    expect(pendingSnapshot().has(pendingKey('book', 1))).toBe(false);
  });

  it('keeps the record hidden until the commit has settled', async () => {
    let settle = () => {};
    schedulePendingDelete('book', 2, () => new Promise<void>((r) => (settle = r)), 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(pendingSnapshot().has(pendingKey('book', 2))).toBe(true);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(pendingSnapshot().has(pendingKey('book', 2))).toBe(false);
  });

  it('shows the record again after a failed commit', async () => {
    schedulePendingDelete('book', 6, () => Promise.reject(new Error('409')), 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(pendingSnapshot().has(pendingKey('book', 6))).toBe(false);
  });

  it('undo within the window cancels the delete', async () => {
    const commit = vi.fn(async () => {});
    const { undo } = schedulePendingDelete('book', 3, commit, 5000);
    expect(undo()).toBe(true);
    expect(pendingSnapshot().has(pendingKey('book', 3))).toBe(false);
    await vi.advanceTimersByTimeAsync(6000);
    expect(commit).not.toHaveBeenCalled();
  });

  it('undo after the window is too late', async () => {
    const { undo } = schedulePendingDelete('book', 4, async () => {}, 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(undo()).toBe(false);
  });

  it('commits at once, as leaving, when the page goes away', async () => {
    const commit = vi.fn(async () => {});
    schedulePendingDelete('news', 5, commit, 5000);
    flushPendingDeletes();
    expect(commit).toHaveBeenCalledWith(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers about every change', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribePending(listener);
    const { undo } = schedulePendingDelete('book', 7, async () => {}, 10);
    undo();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
