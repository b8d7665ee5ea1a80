/**
 * The geometry of Home's two small charts (components/area-chart.tsx, donut-chart.tsx) that no
 * other chart draws: points along x, the lines through them, their labels, the ring. The axis
 * steps and the y scale all charts share are components/charts/chart-geometry.ts.
 */

import { type Plot, yAt } from '../../components/charts/chart-geometry';

/** x of the i-th of n points, spread from the plot's left to its right edge. */
export const xAt = (plot: Plot, i: number, n: number): number =>
  n <= 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / (n - 1);

const round = (n: number) => Math.round(n * 10) / 10;

/** The line through the values and the area under it (closed along the bottom). */
export function seriesPaths(plot: Plot, values: readonly number[]): { line: string; area: string } {
  if (values.length === 0) return { line: '', area: '' };
  const points = values.map((v, i) => `${round(xAt(plot, i, values.length))},${round(yAt(plot, v))}`);
  const line = `M${points.join('L')}`;
  const first = round(xAt(plot, 0, values.length));
  const last = round(xAt(plot, values.length - 1, values.length));
  return { line, area: `${line}L${last},${plot.bottom}L${first},${plot.bottom}Z` };
}

export interface XLabel {
  /** The point it names. */
  index: number;
  /** Where its anchor is, and which side of the text that is (SVG's text-anchor). */
  x: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * Which x labels to draw, so that none runs into another: every k-th point counted back from the
 * last (which is always named), with the smallest k at which each label, as wide as `widths` says
 * (measured in the font it is drawn in: "11月25日" is wider than "Nov 25"), stays `gap` px clear of
 * the next. A label is centred on its point; the last ends at its point and the first starts at
 * `minX` rather than cross it, so none leaves the drawing.
 */
export function xLabels(xs: readonly number[], widths: readonly number[], gap: number, minX = 0): XLabel[] {
  const n = xs.length;
  if (n === 0) return [];
  const place = (index: number): XLabel & { from: number; to: number } => {
    const x = xs[index] ?? 0;
    const w = widths[index] ?? 0;
    if (index === n - 1 && n > 1) return { index, x, anchor: 'end', from: x - w, to: x };
    if (x - w / 2 < minX) return { index, x: minX, anchor: 'start', from: minX, to: minX + w };
    return { index, x, anchor: 'middle', from: x - w / 2, to: x + w / 2 };
  };
  for (let every = 1; every < n; every++) {
    const placed: ReturnType<typeof place>[] = [];
    for (let i = (n - 1) % every; i < n; i += every) placed.push(place(i));
    if (placed.every((l, j) => j === 0 || (placed[j - 1]?.to ?? 0) + gap <= l.from))
      return placed.map(({ index, x, anchor }) => ({ index, x, anchor }));
  }
  // Not even two fit: the last point alone.
  const { index, x, anchor } = place(n - 1);
  return [{ index, x, anchor }];
}

/** The point under the pointer: nearest index to an x position. */
export function nearestIndex(plot: Plot, x: number, n: number): number {
  if (n <= 1) return 0;
  const ratio = (x - plot.left) / (plot.right - plot.left);
  return Math.min(n - 1, Math.max(0, Math.round(ratio * (n - 1))));
}

/**
 * A ring of segments, drawn as stroked circles (stroke-dasharray over the circumference), starting
 * at 12 o'clock and going clockwise. Zero values get no segment; all zero gives no segments.
 */
export function donutSegments(
  values: readonly number[],
  radius: number,
): { dash: string; offset: number; index: number }[] {
  const total = values.reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0) return [];
  const circumference = 2 * Math.PI * radius;
  let start = 0;
  return values.flatMap((v, index) => {
    if (v <= 0) return [];
    const length = (circumference * v) / total;
    const segment = { dash: `${round(length)} ${round(circumference - length)}`, offset: round(-start), index };
    start += length;
    return [segment];
  });
}
