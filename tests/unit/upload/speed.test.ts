import { describe, expect, it } from 'vitest';
import { addSample, type Sample, SPEED_WINDOW_MS, windowSpeed } from '../../../src/upload/speed';

const MiB = 1024 * 1024;

/** Feeds acknowledgements into the window the way the reducer does; returns the samples. */
function feed(acks: [at: number, loaded: number][]): Sample[] {
  let samples: Sample[] = [];
  for (const [at, loaded] of acks) samples = addSample(samples, at, loaded);
  return samples;
}

describe('upload speed over a sliding window', () => {
  it('reads a 4 MiB/s link as 4 MiB/s when parts are acknowledged in bursts', () => {
    // Four 1 MiB parts in parallel, all acknowledged within 6 ms, once a second, for 20 s:
    // per-acknowledgement figures would read up to ~170 MiB/s.
    const acks: [number, number][] = [[0, 0]];
    for (let second = 1; second <= 20; second++) {
      for (let part = 1; part <= 4; part++) acks.push([second * 1000 + part * 2, (second - 1) * 4 * MiB + part * MiB]);
    }
    const samples = feed(acks);
    const speed = windowSpeed(samples, 20_010);
    expect(speed / MiB).toBeGreaterThan(3.6);
    expect(speed / MiB).toBeLessThan(4.4);
    // 20 s of reports keep only the window's samples (merged), not one per part.
    expect(samples.length).toBeLessThanOrEqual(SPEED_WINDOW_MS / 1000 + 2);
  });

  it('gives an honest time left near the end (7 s to go at 1 MiB/s)', () => {
    const samples = feed(Array.from({ length: 31 }, (_, n) => [n * 1000, n * MiB] as [number, number]));
    const speed = windowSpeed(samples, 30_000);
    expect(speed / MiB).toBeCloseTo(1, 5);
    expect((37 * MiB - 30 * MiB) / speed).toBeCloseTo(7, 5);
  });

  it('lowers the figure while nothing is acknowledged, then shows none once stalled', () => {
    const samples = feed([
      [0, 0],
      [1000, MiB],
      [2000, 2 * MiB],
    ]);
    expect(windowSpeed(samples, 2000) / MiB).toBe(1);
    expect(windowSpeed(samples, 4000) / MiB).toBe(0.5);
    expect(windowSpeed(samples, 7001)).toBe(0);
  });

  it('waits longer before calling it a stall when parts are slow to come', () => {
    // One 4 MiB part every 8 s on a slow link: 6 s after the last one it is not a stall yet.
    const samples = feed([
      [0, 0],
      [8000, 4 * MiB],
      [16_000, 8 * MiB],
    ]);
    expect(windowSpeed(samples, 22_000)).toBeGreaterThan(0);
    expect(windowSpeed(samples, 32_001)).toBe(0);
  });

  it('starts afresh when progress goes back (a restarted upload)', () => {
    const samples = feed([
      [0, 0],
      [1000, 5 * MiB],
      [2000, 0],
    ]);
    expect(samples).toEqual([[2000, 0]]);
    expect(windowSpeed(samples, 2500)).toBe(0);
  });

  it('knows no speed from a single sample', () => {
    expect(windowSpeed(feed([[0, MiB]]), 1000)).toBe(0);
    expect(windowSpeed([], 0)).toBe(0);
  });
});
