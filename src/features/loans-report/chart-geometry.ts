/**
 * The month chart's geometry, pure functions as Home draws its charts (features/home/
 * chart-geometry.ts; features do not import each other): round axis steps, and which bars to name
 * so no two labels touch.
 */

/** Round steps from 0 to at least `max`: 0, 1, 2… or 0, 5, 10… (integers only). */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

/**
 * Every how many bars a label fits: the smallest stride at which each label (as wide as `widths`
 * says, measured in the font it is drawn in) stays `gap` px clear of the next, bars `slot` px apart.
 * The labels named are those at indexes counted back from the last, which is always named.
 */
export function labelStride(widths: readonly number[], slot: number, gap: number): number {
  const widest = Math.max(0, ...widths);
  if (slot <= 0) return Math.max(1, widths.length);
  return Math.max(1, Math.ceil((widest + gap) / slot));
}

/** Whether the i-th of n bars is named, with labels every `stride` counted back from the last. */
export const named = (i: number, n: number, stride: number): boolean => (n - 1 - i) % stride === 0;
