import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, percent } from '../../../src/features/video-upload/model';

describe('video upload model', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [20 * 1024 * 1024, '20 MB'],
    [10 * 1024 ** 3, '10 GB'],
  ])('formats %i bytes as %s', (n, s) => {
    expect(formatBytes(n)).toBe(s);
  });

  it.each<[number | null, string | null]>([
    [null, null],
    [Number.POSITIVE_INFINITY, null],
    [0, '0:00'],
    [65, '1:05'],
    [3723, '1:02:03'],
    [0.2, '0:01'],
  ])('formats %s seconds left as %s', (s, out) => {
    expect(formatDuration(s)).toBe(out);
  });

  it.each([
    [0, 0, 0],
    [50, 200, 25],
    [200, 200, 100],
    [199, 200, 99],
  ])('shows %i of %i bytes as %i %%', (loaded, fileSize, p) => {
    expect(percent({ loaded, fileSize })).toBe(p);
  });
});
