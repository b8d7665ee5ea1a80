import { describe, expect, it } from 'vitest';
import { diffValues, formValuesMoved, mergeMine, sameValue } from '../../../src/components/resource/form/form-diff';

describe('sameValue', () => {
  it.each([
    ['', null, true],
    [undefined, '', true],
    [' a ', 'a', true],
    [12, '12', true],
    [0, null, false],
    ['a', 'b', false],
    [['x', 'y'], ['x', 'y'], true],
    [['x'], ['x', 'y'], false],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
  });
});

const names = ['title', 'author', 'stock'];
const original = { title: 'Dune', author: 'Herbert', stock: 3 };

describe('diffValues', () => {
  it('lists the fields where mine and theirs differ, and who changed them', () => {
    const mine = { ...original, title: 'Dune (2nd ed.)' };
    const theirs = { ...original, stock: 5 };
    expect(diffValues(names, original, mine, theirs)).toEqual([
      { name: 'title', mine: 'Dune (2nd ed.)', theirs: 'Dune', changedByThem: false },
      { name: 'stock', mine: 3, theirs: 5, changedByThem: true },
    ]);
  });

  it('is empty when both made the same change', () => {
    const same = { ...original, stock: 9 };
    expect(diffValues(names, original, same, same)).toEqual([]);
  });
});

describe('mergeMine', () => {
  it('puts the fields I changed on top of the latest version and keeps theirs elsewhere', () => {
    const mine = { ...original, title: 'Dune (2nd ed.)' };
    const theirs = { ...original, author: 'Frank Herbert', stock: 5 };
    expect(mergeMine(names, original, mine, theirs)).toEqual({
      title: 'Dune (2nd ed.)',
      author: 'Frank Herbert',
      stock: 5,
    });
  });
});

describe('formValuesMoved', () => {
  it('is false when only what the form leaves alone moved on, true for any value it writes', () => {
    expect(formValuesMoved(original, { ...original, stock: 3 })).toBe(false);
    expect(formValuesMoved(original, { ...original, author: ' Herbert' })).toBe(false);
    expect(formValuesMoved(original, { ...original, stock: 4 })).toBe(true);
    expect(formValuesMoved(original, { ...original, tags: ['x'] })).toBe(true);
  });
});
