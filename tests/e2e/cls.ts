/**
 * CLS as Chromium reports it: the largest window of layout shifts less than 1 s apart and within
 * 5 s. Shared by the layout-shift e2e test and the bench (no vitest here). `t` in ms, `v` the value.
 */
export function clsOf(shifts: readonly { t: number; v: number }[]): number {
  let best = 0;
  let sum = 0;
  let first = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of [...shifts].sort((a, b) => a.t - b.t)) {
    if (s.t - last > 1000 || s.t - first > 5000) {
      sum = 0;
      first = s.t;
    }
    sum += s.v;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}
