/**
 * What only the month chart draws: which bars to name so no two labels touch. The axis steps and
 * the y scale are the ones every chart shares (components/charts/chart-geometry.ts).
 */

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
