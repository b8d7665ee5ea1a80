import { rangesOf } from '../../../contract/range';
import { type FilterSpec, filterParams, type RangeSpec } from '../../../contract/resource-spec';
import {
  boolFilter,
  dayFilter,
  enumFilter,
  type FilterNames,
  idFilter,
  listSearchSchema,
  numberFilter,
  type SearchParser,
} from './list-search';

type Parser<F extends FilterSpec> = F extends { kind: 'enum'; values: infer V extends readonly string[] }
  ? SearchParser<V[number]>
  : F extends { kind: 'ref' }
    ? SearchParser<number>
    : SearchParser<boolean>;

type Shown<F extends Record<string, FilterSpec>> = {
  [K in keyof F as F[K] extends { screen: false } ? never : K]: F[K];
};

type OnScreen<F extends Record<string, FilterSpec>, S = Shown<F>> = {
  [K in keyof S as S[K] extends RangeSpec ? never : K]: S[K] extends FilterSpec ? Parser<S[K]> : never;
} & {
  [K in keyof S as S[K] extends { params: readonly [infer L extends string, infer U extends string] }
    ? L | U
    : never]: S[K] extends { kind: 'numberRange' } ? SearchParser<number> : SearchParser<string>;
};

/**
 * The URL parsers of a resource's screen filters, from its spec (`listSearchSchema`'s second
 * argument). A range is two parameters: numbers, or calendar days (the user's own days; the page
 * body turns them into instants, see `toPageBody`).
 */
export function searchFilters<const F extends Record<string, FilterSpec>>(filters: F): OnScreen<F> {
  const out: Record<string, SearchParser<unknown>> = {};
  for (const [name, f] of Object.entries(filters)) {
    if (f.screen === false) continue;
    if (f.kind === 'numberRange' || f.kind === 'dateRange') {
      for (const p of f.params) out[p] = f.kind === 'numberRange' ? numberFilter : dayFilter;
    } else out[name] = f.kind === 'enum' ? enumFilter(f.values) : f.kind === 'ref' ? idFilter : boolFilter;
  }
  return out as OnScreen<F>;
}

/**
 * The parameters of a resource's screen filters, in the spec's order (for the page body, "reset"
 * and chips); `dayBounds` names the date range bounds the page body sends as instants.
 */
export function screenFilterNames<const F extends Record<string, FilterSpec>>(
  filters: F,
  handWritten: readonly string[] = [],
): FilterNames & (keyof OnScreen<F> & string)[] {
  const names = [...handWritten];
  const dayBounds: Record<string, 'lower' | 'upper'> = {};
  for (const [name, f] of Object.entries(filters)) {
    if (f.screen === false) continue;
    names.push(...filterParams(name, f));
    if (f.kind === 'dateRange') {
      dayBounds[f.params[0]] = 'lower';
      dayBounds[f.params[1]] = 'upper';
    }
  }
  // Not enumerable: the list compares and spreads like the plain list of names it is.
  Object.defineProperty(names, 'dayBounds', { value: dayBounds, enumerable: false });
  return names as FilterNames & (keyof OnScreen<F> & string)[];
}

/** The screen's ranges as [lower, upper] parameter pairs, for the URL's cross-field check. */
export const rangePairs = (filters: Record<string, FilterSpec>) =>
  rangesOf(filters)
    .filter(([, r]) => (r as FilterSpec).screen !== false)
    .map(([, r]) => ({ kind: r.kind, params: r.params }));

/**
 * A screen's URL search parser from its resource's spec: paging, its sorts, its screen filters.
 * Filters no kind describes are the noun's `handWritten` parsers, read before the spec's.
 */
export function searchSchemaOf<
  const S extends readonly [string, ...string[]],
  // biome-ignore lint/complexity/noBannedTypes: a spec without filters adds no parser
  const F extends Record<string, FilterSpec> = {},
  // biome-ignore lint/complexity/noBannedTypes: no hand-written parser by default
  H extends Record<string, SearchParser<unknown>> = {},
>(spec: { sorts: S; filters?: F }, handWritten: H = {} as H) {
  const filters = spec.filters ?? ({} as F);
  return listSearchSchema(spec.sorts, { ...handWritten, ...searchFilters(filters) }, rangePairs(filters));
}
