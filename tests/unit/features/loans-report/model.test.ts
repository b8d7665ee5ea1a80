import { describe, expect, it } from 'vitest';
import { labelStride, named } from '../../../../src/features/loans-report/chart-geometry';
import {
  monthLabel,
  parseReportSearch,
  periodOf,
  periodProblem,
  presetOf,
  presetPeriod,
} from '../../../../src/features/loans-report/model';

describe('the loans report period', () => {
  it('builds the presets up to today (UTC days, both ends included)', () => {
    expect(presetPeriod('last30', '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(presetPeriod('year', '2026-03-05')).toEqual({ from: '2026-01-01', to: '2026-03-05' });
    expect(presetPeriod('last12', '2026-03-05')).toEqual({ from: '2025-04-01', to: '2026-03-05' });
    expect(presetPeriod('last12', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('knows which preset a period is', () => {
    expect(presetOf({ from: '2026-01-01', to: '2026-03-05' }, '2026-03-05')).toBe('year');
    expect(presetOf({ from: '2026-01-02', to: '2026-03-05' }, '2026-03-05')).toBeUndefined();
  });

  it('reads the URL: a whole period in order, or the last 30 days', () => {
    expect(parseReportSearch({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    for (const bad of [
      { from: '2024-01-01' },
      { from: '2024-02-30', to: '2024-03-01' },
      { from: '2024-03-01', to: '2024-02-01' },
      { from: '1990-01-01', to: '2024-02-01' },
      { from: 5, to: '2024-02-01' },
    ])
      expect(parseReportSearch(bad)).toEqual({});
    expect(periodOf({}, '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(periodProblem({ from: '2024-03-01', to: '2024-02-01' })).toBe('order');
  });

  it('names months in the language', () => {
    expect(monthLabel('2024-03', 'en')).toBe('Mar 24');
    expect(monthLabel('2024-03', 'ja')).toBe('24年3月');
  });
});

describe('the month chart geometry', () => {
  it('names as many months as fit, always the last', () => {
    expect(labelStride([30, 30, 30], 50, 10)).toBe(1);
    expect(labelStride([45, 45, 45], 24, 10)).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].filter((i) => named(i, 7, 3))).toEqual([0, 3, 6]);
  });
});
