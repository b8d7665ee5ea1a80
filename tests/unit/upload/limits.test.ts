import { describe, expect, it } from 'vitest';
import {
  checkObjectTags,
  checkpointKey,
  loadedFromParts,
  partCount,
  partSize,
  retryDelay,
  splitTags,
} from '../../../src/upload/limits';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('partSize', () => {
  it.each([
    ['0 B', 0, 1048576],
    ['1 MiB', MiB, 1048576],
    ['10000 MiB (exactly 10000 parts)', 10000 * MiB, 1048576],
    ['10 GiB', 10 * GiB, 1074176],
    ['20 GiB', 20 * GiB, 2148352],
  ])('gives %s a part size keeping parts within 10000', (_, size, expected) => {
    expect(partSize(size)).toBe(expected);
    expect(partCount(size, partSize(size))).toBeLessThanOrEqual(10000);
  });
});

describe('checkpointKey', () => {
  it.each([
    [{ lastModified: 1700000000000, name: 'a.mp4', size: 42 }, 'upload_1700000000000_a.mp4_42'],
    [{ lastModified: 0, name: 'my film 1.mov', size: 1 }, 'upload_0_my film 1.mov_1'],
  ])('builds upload_{lastModified}_{name}_{size}', (f, key) => {
    expect(checkpointKey(f)).toBe(key);
  });
});

describe('loadedFromParts', () => {
  it.each([
    [10, 4, [], 0],
    [10, 4, [{ number: 1 }], 4],
    [10, 4, [{ number: 3 }], 2],
    [10, 4, [{ number: 1 }, { number: 2 }, { number: 3 }], 10],
    [10, 4, [{ number: 2 }, { number: 2 }], 4],
  ])('counts the bytes of done parts of a %i-byte file in %i-byte parts', (size, part, done, loaded) => {
    expect(loadedFromParts(size, part, done)).toBe(loaded);
  });
});

describe('retryDelay', () => {
  it.each([
    [0, null],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, null],
  ])('waits before retry %i: %s ms', (attempt, delay) => {
    expect(retryDelay(attempt)).toBe(delay);
  });
});

describe('checkObjectTags', () => {
  const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
  it.each([
    ['no tags', {}, null],
    ['10 tags', Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v'])), null],
    ['11 tags', many, { kind: 'too-many', max: 10 }],
    ['a 128-byte key', { ['k'.repeat(128)]: 'v' }, null],
    ['a 129-byte key', { ['k'.repeat(129)]: 'v' }, { kind: 'key-too-long', key: 'k'.repeat(129), max: 128 }],
    ['a 256-byte value', { k: 'v'.repeat(256) }, null],
    ['a 257-byte value', { k: 'v'.repeat(257) }, { kind: 'value-too-long', key: 'k', max: 256 }],
    // 43 CJK characters are 129 UTF-8 bytes: the limit is in bytes, not characters.
    ['a 43-character CJK key', { ['书'.repeat(43)]: 'v' }, { kind: 'key-too-long', key: '书'.repeat(43), max: 128 }],
  ])('checks %s', (_, tags, problem) => {
    expect(checkObjectTags(tags)).toEqual(problem);
  });
});

describe('splitTags', () => {
  it('trims, drops empty and repeated tags', () => {
    expect(splitTags(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitTags(undefined)).toEqual([]);
  });
});
