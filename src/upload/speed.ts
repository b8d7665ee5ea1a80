/**
 * Upload speed over a sliding window of acknowledged bytes. The service acknowledges whole parts,
 * several at once when parts go in parallel, so a figure from the last two acknowledgements alone
 * swings wildly (a burst of parts a few milliseconds apart reads as hundreds of MB/s). Instead:
 * the bytes acknowledged since an anchor sample about SPEED_WINDOW_MS ago, over the time since
 * then, measured up to now, so a stall lowers the figure as it lasts and then clears it.
 */
export const SPEED_WINDOW_MS = 10_000;
/** Samples closer together than this are merged: bounded memory whatever the part rate. */
const MERGE_MS = 250;
/** No acknowledgement for this long (or twice the usual gap, if longer) means stalled: no speed. */
const STALL_MS = 5_000;

/** [time in ms, bytes acknowledged so far]. */
export type Sample = readonly [at: number, loaded: number];

/** The samples with one more, merged and trimmed to the window (plus its anchor). */
export function addSample(samples: readonly Sample[], at: number, loaded: number): Sample[] {
  const last = samples[samples.length - 1];
  // Progress going back means the upload restarted: measure afresh.
  if (!last || loaded < last[1] || at < last[0]) return [[at, loaded]];
  const next: Sample[] =
    samples.length >= 2 && at - last[0] < MERGE_MS
      ? [...samples.slice(0, -1), [at, loaded]]
      : [...samples, [at, loaded]];
  return trim(next, at);
}

/** Drops samples older than the window, keeping the newest of those as the anchor. */
export function trim(samples: readonly Sample[], now: number): Sample[] {
  let from = 0;
  while (from + 1 < samples.length && (samples[from + 1] as Sample)[0] <= now - SPEED_WINDOW_MS) from++;
  return samples.slice(from);
}

/** Bytes per second at `now`; 0 while unknown (fewer than two samples) or stalled. */
export function windowSpeed(samples: readonly Sample[], now: number): number {
  if (samples.length < 2) return 0;
  const [firstAt, firstLoaded] = samples[0] as Sample;
  const [lastAt, lastLoaded] = samples[samples.length - 1] as Sample;
  const usualGap = (lastAt - firstAt) / (samples.length - 1);
  if (now - lastAt > Math.max(STALL_MS, 2 * usualGap)) return 0;
  const elapsed = now - firstAt;
  return elapsed > 0 ? ((lastLoaded - firstLoaded) / elapsed) * 1000 : 0;
}
