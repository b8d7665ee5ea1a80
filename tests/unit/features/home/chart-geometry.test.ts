import { describe, expect, it } from 'vitest';
import {
  donutSegments,
  labelIndexes,
  nearestIndex,
  niceTicks,
  type Plot,
  seriesPaths,
  xAt,
  yAt,
} from '../../../../src/features/home/chart-geometry';

const plot: Plot = { left: 40, right: 340, top: 10, bottom: 210, yMax: 20 };

describe('niceTicks', () => {
  it('steps in round integers up to at least the largest value', () => {
    expect(niceTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(230)).toEqual([0, 100, 200, 300]);
  });

  it('draws an axis for an empty or all-zero series', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('positions', () => {
  it('spreads the points over the plot and puts zero at the bottom', () => {
    expect(xAt(plot, 0, 4)).toBe(40);
    expect(xAt(plot, 3, 4)).toBe(340);
    expect(yAt(plot, 0)).toBe(210);
    expect(yAt(plot, 20)).toBe(10);
    expect(yAt(plot, 5)).toBe(160);
  });

  it('finds the point under the pointer', () => {
    expect(nearestIndex(plot, 0, 4)).toBe(0);
    expect(nearestIndex(plot, 145, 4)).toBe(1);
    expect(nearestIndex(plot, 1000, 4)).toBe(3);
  });
});

describe('seriesPaths', () => {
  it('draws the line through every value and closes the area along the bottom', () => {
    const { line, area } = seriesPaths(plot, [0, 20, 10]);
    expect(line).toBe('M40,210L190,10L340,110');
    expect(area).toBe('M40,210L190,10L340,110L340,210L40,210Z');
    expect(seriesPaths(plot, [])).toEqual({ line: '', area: '' });
  });
});

describe('labelIndexes', () => {
  it('keeps labels apart and always shows the last one', () => {
    expect(labelIndexes(30, 600, 60)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
    expect(labelIndexes(5, 600, 60)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndexes(0, 600, 60)).toEqual([]);
  });
});

describe('donutSegments', () => {
  it('cuts the ring in proportion, one after another from the top, skipping zeros', () => {
    const r = 50;
    const c = 2 * Math.PI * r;
    const segments = donutSegments([1, 0, 3], r);
    expect(segments.map((s) => s.index)).toEqual([0, 2]);
    const [first, second] = segments;
    expect(Number(first?.dash.split(' ')[0])).toBeCloseTo(c / 4, 1);
    expect(first?.offset).toBeCloseTo(0, 5);
    expect(Number(second?.dash.split(' ')[0])).toBeCloseTo((3 * c) / 4, 1);
    expect(second?.offset).toBeCloseTo(-c / 4, 1);
  });

  it('has nothing to draw when every value is zero', () => {
    expect(donutSegments([0, 0], 50)).toEqual([]);
  });
});
