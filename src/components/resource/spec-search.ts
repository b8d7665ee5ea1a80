import type { FilterSpec } from '../../contract/resource-spec';
import { boolFilter, enumFilter, idFilter, listSearchSchema, type SearchParser } from './list-search';

type Parser<F extends FilterSpec> = F extends { kind: 'enum'; values: infer V extends readonly string[] }
  ? SearchParser<V[number]>
  : F extends { kind: 'ref' }
    ? SearchParser<number>
    : SearchParser<boolean>;

type OnScreen<F extends Record<string, FilterSpec>> = {
  [K in keyof F as F[K] extends { screen: false } ? never : K]: Parser<F[K]>;
};

/** The URL parsers of a resource's screen filters, from its spec (`listSearchSchema`'s second argument). */
export function searchFilters<const F extends Record<string, FilterSpec>>(filters: F): OnScreen<F> {
  const out: Record<string, SearchParser<unknown>> = {};
  for (const [name, f] of Object.entries(filters)) {
    if (f.screen === false) continue;
    out[name] = f.kind === 'enum' ? enumFilter(f.values) : f.kind === 'ref' ? idFilter : boolFilter;
  }
  return out as OnScreen<F>;
}

/** The names of a resource's screen filters, in the spec's order (for "clear filters" and chips). */
export function screenFilterNames<const F extends Record<string, FilterSpec>>(filters: F) {
  return Object.keys(filters).filter((k) => filters[k]?.screen !== false) as (keyof OnScreen<F> & string)[];
}

/** A screen's URL search parser from its resource's spec: paging, its sorts, its screen filters. */
export function searchSchemaOf<
  const S extends readonly [string, ...string[]],
  const F extends Record<string, FilterSpec>,
>(spec: { sorts: S; filters: F }) {
  return listSearchSchema(spec.sorts, searchFilters(spec.filters));
}
