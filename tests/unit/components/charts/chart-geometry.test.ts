import { describe, expect, it } from 'vitest';
import { niceTicks, type Plot, yAt } from '../../../../src/components/charts/chart-geometry';

describe('niceTicks', () => {
  it('steps in round integers up to at least the largest value', () => {
    expect(niceTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(230)).toEqual([0, 100, 200, 300]);
  });

  it('draws an axis for an empty or all-zero series', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('yAt', () => {
  it('puts zero at the bottom and the last tick at the top', () => {
    const plot: Plot = { left: 40, right: 340, top: 10, bottom: 210, yMax: 20 };
    expect(yAt(plot, 0)).toBe(210);
    expect(yAt(plot, 20)).toBe(10);
    expect(yAt(plot, 5)).toBe(160);
  });
});
