import { describe, expect, it } from 'vitest';
import { countEntries, placeholderEntries, splitDuration } from '../../../../src/features/home/model';
import { COUNTED } from '../../../fixtures/system-counts';

const keys = (counts: unknown) => countEntries(counts).map((e) => [e.key, e.value]);

describe('countEntries', () => {
  it('shows a card per noun with records, in the menu order, unknown while the server sent none', () => {
    expect(keys(undefined)).toEqual([
      ['book', null],
      ['banner', null],
      ['about', null],
      ['news', null],
      ['resource', null],
      ['bibliography', null],
      ['category', null],
      ['subclass', null],
      ['video', null],
      ['reader', null],
      ['staff', null],
      ['message', null],
      ['application', null],
      ['reminder', null],
      ['image', null],
    ]);
  });

  it('takes each noun’s count by its noun, and no other key', () => {
    const counts = { book: 120, subclass: 20, reader: 0, application: 3, users: 7, 'category/subclass': 9, zebra: 1 };
    const shown = keys(counts).filter(([, v]) => v !== null);
    expect(shown).toEqual([
      ['book', 120],
      ['subclass', 20],
      ['reader', 0],
      ['application', 3],
    ]);
  });

  it('names About us’ card by what it counts, its site links', () => {
    const about = countEntries({ about: 4 }).find((e) => e.key === 'about');
    expect(about?.value).toBe(4);
    expect(about?.label.message).toBe('Site links');
  });

  it('tolerates values that are not counts, and counts that are not an object', () => {
    expect(keys({ book: 'many', category: null, other: 'x' }).every(([, v]) => v === null)).toBe(true);
    expect(countEntries('nope').every((e) => e.value === null)).toBe(true);
  });

  it('holds a place for each card this server sends while the counts load, in the same order', () => {
    const served = Object.fromEntries(COUNTED.map((k, i) => [k, i]));
    const cards = countEntries(served);
    expect(cards.every((e) => e.value !== null)).toBe(true);
    expect(placeholderEntries().map((e) => e.key)).toEqual(cards.map((e) => e.key));
    expect(cards.map((e) => e.key).sort()).toEqual([...COUNTED].sort());
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
