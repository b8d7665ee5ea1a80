import { describe, expect, it } from 'vitest';
import {
  gridMove,
  PICKER_COLUMNS,
  PICKER_PAGE_SIZE,
  pageCount,
  pickerPageBody,
} from '../../../src/components/image-picker/model';
import { PAGE_SIZES } from '../../../src/contract/values';

describe('image picker: arrow keys in the grid of thumbnails', () => {
  // 10 options, 4 wide:  0 1 2 3 / 4 5 6 7 / 8 9
  const move = (from: number, key: string) => gridMove(from, key, 10, 4);

  it.each([
    // Left and right across rows, stopping at the ends.
    [3, 'ArrowRight', 4],
    [4, 'ArrowLeft', 3],
    [9, 'ArrowRight', 9],
    [0, 'ArrowLeft', 0],
    // Up and down in the column. Below 6 there is nothing (the last row has two): stay rather than
    // jump to another column; above the first row, stay too.
    [1, 'ArrowDown', 5],
    [5, 'ArrowDown', 9],
    [6, 'ArrowDown', 6],
    [9, 'ArrowUp', 5],
    [2, 'ArrowUp', 2],
    // Home and End go to the first and the last.
    [6, 'Home', 0],
    [1, 'End', 9],
  ])('moves from %i on %s to %i', (from, key, to) => {
    expect(move(from, key)).toBe(to);
  });

  it('starts at the first option when none is active yet, and at the last with End', () => {
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home']) expect(move(-1, key)).toBe(0);
    expect(move(-1, 'End')).toBe(9);
  });

  it('ignores other keys and empty grids', () => {
    expect(move(3, 'a')).toBeNull();
    expect(move(-1, 'Enter')).toBeNull();
    expect(gridMove(0, 'ArrowRight', 0)).toBeNull();
  });

  it('uses the grid width by default', () => {
    expect(gridMove(0, 'ArrowDown', 20)).toBe(PICKER_COLUMNS);
  });
});

describe('image picker: the page it asks for', () => {
  it('asks for the newest first, in a page size the API accepts', () => {
    expect((PAGE_SIZES as readonly number[]).includes(PICKER_PAGE_SIZE)).toBe(true);
    expect(pickerPageBody(2, '')).toEqual({ pageNum: 2, pageSize: PICKER_PAGE_SIZE, sort: 'createdAt', order: 'desc' });
  });

  it('searches by the trimmed name, and sends no keyword for blanks', () => {
    expect(pickerPageBody(1, '  cover ').keyword).toBe('cover');
    expect(pickerPageBody(1, '   ')).not.toHaveProperty('keyword');
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PICKER_PAGE_SIZE)).toBe(1);
    expect(pageCount(PICKER_PAGE_SIZE + 1)).toBe(2);
  });
});
