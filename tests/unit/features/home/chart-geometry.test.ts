import { describe, expect, it } from 'vitest';
import type { Plot } from '../../../../src/components/charts/chart-geometry';
import { donutSegments, nearestIndex, seriesPaths, xAt, xLabels } from '../../../../src/features/home/chart-geometry';

const plot: Plot = { left: 40, right: 340, top: 10, bottom: 210, yMax: 20 };

describe('positions', () => {
  it('spreads the points over the plot', () => {
    expect(xAt(plot, 0, 4)).toBe(40);
    expect(xAt(plot, 3, 4)).toBe(340);
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

describe('xLabels', () => {
  // 30 days over the plot of a laptop (600 px) and of a phone (310 px).
  const days = (n: number, from: number, to: number) =>
    Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));
  const boxes = (labels: ReturnType<typeof xLabels>, widths: readonly number[]) =>
    labels.map((l) => {
      const w = widths[l.index] ?? 0;
      const from = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
      return { from, to: from + w };
    });
  const apart = (labels: ReturnType<typeof xLabels>, widths: readonly number[], gap: number) =>
    boxes(labels, widths).every((b, i, all) => i === 0 || (all[i - 1]?.to ?? 0) + gap <= b.from);

  it('keeps every label clear of the next, however wide the language writes a date, the last one always named', () => {
    for (const [width, px] of [
      [600, 40], // "Nov 25"
      [600, 48], // "11月25日": the last two ran together at a fixed 64 px spacing
      [310, 48],
      [310, 70], // "25 de nov."
    ] as const) {
      const xs = days(30, 36, 36 + width);
      const widths = xs.map(() => px);
      const labels = xLabels(xs, widths, 12);
      expect(apart(labels, widths, 12), `${px} px labels over ${width} px`).toBe(true);
      expect(labels.at(-1)).toMatchObject({ index: 29, anchor: 'end' });
      expect(labels.length).toBeGreaterThan(1);
      // Evenly spaced: every k-th day.
      const steps = new Set(labels.slice(1).map((l, i) => l.index - (labels[i]?.index ?? 0)));
      expect(steps.size).toBe(1);
    }
  });

  it('names every day when they fit, and starts the first at the edge rather than cross it', () => {
    const xs = [10, 110, 210, 310];
    const labels = xLabels(xs, [40, 40, 40, 40], 12);
    expect(labels.map((l) => l.index)).toEqual([0, 1, 2, 3]);
    expect(labels[0]).toEqual({ index: 0, x: 0, anchor: 'start' });
    expect(labels[1]).toEqual({ index: 1, x: 110, anchor: 'middle' });
    expect(labels[3]).toEqual({ index: 3, x: 310, anchor: 'end' });
  });

  it('names the last day alone when no two fit, and nothing for no days', () => {
    expect(xLabels([0, 10, 20], [300, 300, 300], 12)).toEqual([{ index: 2, x: 20, anchor: 'end' }]);
    expect(xLabels([], [], 12)).toEqual([]);
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
