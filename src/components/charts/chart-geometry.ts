/**
 * The geometry every chart of the console shares (Home's, the loans report's): pure functions from
 * values to SVG coordinates, so a few hundred lines of SVG replace a charting library (recharts
 * was 120 KiB of Home's download). What one chart alone draws stays in its feature.
 */

/** Round steps for an axis from 0 to at least `max`: 0, 1, 2… or 0, 5, 10… (integers only). */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

export interface Plot {
  /** Left edge of the plot (room for the y axis labels), in px. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The y axis's largest value (the last tick). */
  yMax: number;
}

/** y of a value, 0 at the bottom. */
export const yAt = (plot: Plot, v: number): number =>
  plot.bottom - ((plot.bottom - plot.top) * Math.max(0, v)) / (plot.yMax || 1);
