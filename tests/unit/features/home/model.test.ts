import { describe, expect, it } from 'vitest';
import { countEntries, placeholderEntries, splitDuration } from '../../../../src/features/home/model';
import { COUNTED } from '../../../fixtures/system-counts';

const keys = (counts: unknown) => countEntries(counts).map((e) => [e.key, e.value]);

describe('countEntries', () => {
  it('shows the core counts as unknown when the server sent none', () => {
    expect(keys(undefined)).toEqual([
      ['book', null],
      ['category', null],
      ['users', null],
      ['apply', null],
    ]);
  });

  it('orders known counts, accepts other spellings and appends unknown ones', () => {
    expect(keys({ zebra: 1, books: 120, category: 8, 'category/subclass': 20, users: 0, apply: 3, video: 2 })).toEqual([
      ['book', 120],
      ['category', 8],
      ['subclass', 20],
      ['users', 0],
      ['apply', 3],
      ['video', 2],
      ['zebra', 1],
    ]);
  });

  it('tolerates values that are not counts', () => {
    expect(keys({ book: 'many', category: null, other: 'x' })).toEqual([
      ['book', null],
      ['category', null],
      ['users', null],
      ['apply', null],
    ]);
  });

  it('tolerates counts that are not an object', () => {
    expect(countEntries('nope')).toHaveLength(4);
  });

  it('holds a place for each card this server sends while the counts load, in the same order', () => {
    const served = Object.fromEntries(COUNTED.map((k, i) => [k, i]));
    expect(placeholderEntries().map((e) => e.key)).toEqual(countEntries(served).map((e) => e.key));
    expect(placeholderEntries().every((e) => typeof e.label !== 'string')).toBe(true);
  });
});

describe('splitDuration', () => {
  it.each([
    [0, { days: 0, hours: 0, minutes: 0 }],
    [59, { days: 0, hours: 0, minutes: 0 }],
    [3_660, { days: 0, hours: 1, minutes: 1 }],
    [90_061, { days: 1, hours: 1, minutes: 1 }],
    [-5, { days: 0, hours: 0, minutes: 0 }],
  ])('%i s → %j', (seconds, expected) => {
    expect(splitDuration(seconds)).toEqual(expected);
  });
});
