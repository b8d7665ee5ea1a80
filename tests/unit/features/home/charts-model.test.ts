import { describe, expect, it } from 'vitest';
import { activityTotals, dayLabel } from '../../../../src/features/home/model';

describe('dayLabel', () => {
  it('reads the UTC day whatever the time zone', () => {
    expect(dayLabel('2024-03-04', 'en-US')).toBe('Mar 4');
  });

  it('returns what it cannot read', () => {
    expect(dayLabel('soon', 'en-US')).toBe('soon');
  });
});

describe('activityTotals', () => {
  it('adds up each series', () => {
    expect(
      activityTotals([
        { date: '2024-01-01', newUsers: 1, applies: 2, uploads: 3 },
        { date: '2024-01-02', newUsers: 4, applies: 0, uploads: 1 },
      ]),
    ).toEqual({ newUsers: 5, applies: 2, uploads: 4 });
    expect(activityTotals([])).toEqual({ newUsers: 0, applies: 0, uploads: 0 });
  });
});
