import { describe, expect, it } from 'vitest';
import { knownOption } from '../../../src/components/pickers/category-select';
import { withKnown } from '../../../src/components/pickers/id-select';
import { knownName } from '../../../src/components/pickers/known-names';

/*
 * A book's form opened offline, where the pickers' lists were never read on this device: the
 * category and subclass still show by the names the book's own row carries.
 */

const book = {
  id: 300,
  title: 'Quiet Quarto',
  categoryId: 3,
  categoryName: 'Quiet shelf',
  subclassId: 7,
  subclassName: 'Quiet corner',
};
const page = {
  items: [{ id: 1, categoryId: 2, categoryName: 'Poetry', subclassId: null, subclassName: null }, book],
  total: 2,
};

describe('names known beside a record', () => {
  it('finds a category or subclass name in a page, a record or a list the console holds', () => {
    expect(knownName([undefined, page], { categoryId: 3 }, 'categoryName')).toBe('Quiet shelf');
    expect(knownName([book], { subclassId: 7, categoryId: 3 }, 'subclassName')).toBe('Quiet corner');
    expect(knownName([[book]], { categoryId: 3 }, 'categoryName')).toBe('Quiet shelf');
  });

  it('finds nothing for another category, a subclass of another category, or an empty name', () => {
    expect(knownName([page], { categoryId: 9 }, 'categoryName')).toBeUndefined();
    expect(knownName([page], { subclassId: 7, categoryId: 2 }, 'subclassName')).toBeUndefined();
    expect(
      knownName([{ categoryId: 4, categoryName: '' }, null, 'text'], { categoryId: 4 }, 'categoryName'),
    ).toBeUndefined();
  });

  it('adds the value’s own option only when the list lacks it', () => {
    const known = { value: 3, label: 'Quiet shelf' };
    expect(withKnown(undefined, known)).toEqual([known]);
    expect(withKnown([{ value: 2, label: 'Poetry' }], known)).toEqual([{ value: 2, label: 'Poetry' }, known]);
    expect(withKnown([{ value: 3, label: 'Shelf (renamed)' }], known)).toEqual([
      { value: 3, label: 'Shelf (renamed)' },
    ]);
    expect(withKnown(undefined, undefined)).toBeUndefined();
  });

  it('looks a name up only for a value the list does not have', () => {
    const asked: number[] = [];
    const nameOf = (id: number) => {
      asked.push(id);
      return id === 3 ? 'Quiet shelf' : undefined;
    };
    expect(knownOption(undefined, 3, nameOf)).toEqual({ value: 3, label: 'Quiet shelf' });
    expect(knownOption([{ value: 3, label: 'Quiet shelf' }], 3, nameOf)).toBeUndefined();
    expect(knownOption(undefined, null, nameOf)).toBeUndefined();
    expect(knownOption([], 5, nameOf)).toBeUndefined();
    expect(asked).toEqual([3, 5]);
  });
});
