import { z } from 'zod';
import { pageRequest, requiredRef, versionField } from './common';
import type { FilterSpec } from './resource-spec';

const refField = () => requiredRef.optional();
const enumField = <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values).optional();
const boolField = () => z.boolean({ error: 'must be true or false' }).optional();

type FilterField<F extends FilterSpec> = F extends {
  kind: 'enum';
  values: infer V extends readonly [string, ...string[]];
}
  ? ReturnType<typeof enumField<V>>
  : F extends { kind: 'ref' }
    ? ReturnType<typeof refField>
    : ReturnType<typeof boolField>;

/** The filter fields of a `POST /{r}/page` body, from the resource's spec (all optional). */
export function pageFilters<const F extends Record<string, FilterSpec>>(
  filters: F,
): { [K in keyof F]: FilterField<F[K]> } {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(filters)) {
    shape[name] = f.kind === 'enum' ? enumField(f.values) : f.kind === 'ref' ? refField() : boolField();
  }
  return shape as { [K in keyof F]: FilterField<F[K]> };
}

/** The `POST /{r}/page` body of a resource: paging, its spec's sorts and its spec's filters. */
export function pageSchemaOf<
  const S extends readonly [string, ...string[]],
  const F extends Record<string, FilterSpec>,
>(spec: { sorts: S; filters: F }) {
  return pageRequest(spec.sorts, pageFilters(spec.filters));
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
