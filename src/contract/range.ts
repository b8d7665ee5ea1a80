import type { z } from 'zod';
import { because } from './field-codes';
import type { FilterSpec, RangeSpec } from './resource-spec';

const isRange = (f: FilterSpec): f is FilterSpec & RangeSpec => f.kind === 'numberRange' || f.kind === 'dateRange';

/** The range filters of a spec, with their names. */
export const rangesOf = (filters: Record<string, FilterSpec>): [string, RangeSpec][] =>
  Object.entries(filters).filter((e): e is [string, FilterSpec & RangeSpec] => isRange(e[1]));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date range bound as the instant stored timestamps are compared with (ISO 8601 UTC text, so text
 * order is time order on both engines). A bare day is that day in UTC: its start as a lower bound,
 * the next day's start (exclusive) as an upper one. An instant is itself, inclusive.
 */
export function timeBound(value: string, upper: boolean): { at: string; exclusive: boolean } {
  if (!DAY.test(value)) return { at: new Date(value).toISOString(), exclusive: false };
  const day = new Date(`${value}T00:00:00Z`);
  if (upper) day.setUTCDate(day.getUTCDate() + 1);
  return { at: day.toISOString(), exclusive: upper };
}

/** Is the upper bound below the lower one? (A day as upper bound covers the whole day.) */
export function rangeInverted(kind: RangeSpec['kind'], lower: unknown, upper: unknown): boolean {
  if (lower === undefined || upper === undefined || lower === null || upper === null) return false;
  if (kind === 'numberRange') return typeof lower === 'number' && typeof upper === 'number' && upper < lower;
  if (typeof lower !== 'string' || typeof upper !== 'string') return false;
  // A bound its own field refuses is reported there, not here.
  if ([lower, upper].some((v) => Number.isNaN(Date.parse(DAY.test(v) ? `${v}T00:00:00Z` : v)))) return false;
  const from = timeBound(lower, false).at;
  const to = timeBound(upper, true);
  return to.exclusive ? to.at <= from : to.at < from;
}

/**
 * The cross-field check of a page body's ranges (each bound is already checked by its own field):
 * an upper bound below its lower one is a field error on the upper parameter, code `range_order`.
 */
export function checkRanges(filters: Record<string, FilterSpec>) {
  const ranges = rangesOf(filters);
  return (body: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    for (const [, r] of ranges) {
      const [lo, hi] = r.params;
      if (!rangeInverted(r.kind, body[lo], body[hi])) continue;
      const { message, params } = because('range_order', `must not be below ${lo}`);
      ctx.addIssue({ code: 'custom', message, params, path: [hi], input: body[hi] });
    }
  };
}
