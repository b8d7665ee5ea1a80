import { z } from 'zod';
import { pageRequest, requiredRef, versionField } from './common';
import { dateFilter } from './fields';
import { checkRanges } from './range';
import type { FilterSpec, RangeSpec } from './resource-spec';

const refField = () => requiredRef.optional();
const enumField = <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values).optional();
const boolField = () => z.boolean({ error: 'must be true or false' }).optional();
// Whole numbers: the columns ranged over are counts (stock), and PostgreSQL would refuse 2.5 for one.
const numberBound = () => z.number({ error: 'must be a number' }).int('must be an integer').optional();

type FilterField<F extends FilterSpec> = F extends {
  kind: 'enum';
  values: infer V extends readonly [string, ...string[]];
}
  ? ReturnType<typeof enumField<V>>
  : F extends { kind: 'ref' }
    ? ReturnType<typeof refField>
    : ReturnType<typeof boolField>;

type RangeField<F> = F extends { kind: 'numberRange' } ? ReturnType<typeof numberBound> : typeof dateFilter;

/** The page body's fields of a spec's filters: one per filter, two per range (its `params`). */
export type PageFilterShape<F extends Record<string, FilterSpec>> = {
  [K in keyof F as F[K] extends RangeSpec ? never : K]: FilterField<F[K]>;
} & {
  [K in keyof F as F[K] extends { params: readonly [infer L extends string, infer U extends string] }
    ? L | U
    : never]: RangeField<F[K]>;
};

/** The filter fields of a `POST /{r}/page` body, from the resource's spec (all optional). */
export function pageFilters<const F extends Record<string, FilterSpec>>(filters: F): PageFilterShape<F> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(filters)) {
    if (f.kind === 'numberRange' || f.kind === 'dateRange') {
      for (const p of f.params) shape[p] = f.kind === 'numberRange' ? numberBound() : dateFilter;
    } else shape[name] = f.kind === 'enum' ? enumField(f.values) : f.kind === 'ref' ? refField() : boolField();
  }
  return shape as PageFilterShape<F>;
}

/**
 * The `POST /{r}/page` body of a resource: paging, its spec's sorts and its spec's filters. Filters
 * no kind describes (a staff member's role, the bibliography's years) are the noun's `handWritten`
 * fields, checked before the spec's (the order its field errors are listed in).
 */
export function pageSchemaOf<
  const S extends readonly [string, ...string[]],
  // biome-ignore lint/complexity/noBannedTypes: a spec without filters adds no field
  const F extends Record<string, FilterSpec> = {},
  // biome-ignore lint/complexity/noBannedTypes: a noun without hand-written filters adds no field
  const H extends z.ZodRawShape = {},
>(spec: { sorts: S; filters?: F }, handWritten: H = {} as H) {
  const filters = spec.filters ?? ({} as F);
  // Ranges: an upper bound below its lower one is refused on the upper parameter.
  return pageRequest(spec.sorts, { ...handWritten, ...pageFilters(filters) }).superRefine(checkRanges(filters));
}

/**
 * The create and update bodies of a resource from its editable fields: an update names the record
 * (`id`) and the version it was read at, so a stale edit is refused rather than lost.
 */
export function editSchemas<const F extends z.ZodRawShape>(fields: F) {
  return {
    create: z.strictObject(fields),
    update: z.strictObject({ ...fields, id: requiredRef, version: versionField }),
  };
}
