import type { Expression, SqlBool } from 'kysely';
import type { ResourceSpec } from '../../contract/resource-spec';
import { specFilters } from './filters';

/**
 * The parts of a `registerResource` definition that every resource reads off its spec the same
 * way, so the route path, the role check and the SQL filters cannot drift from what the console
 * derives from the same spec. A resource whose filters no kind describes writes its own `filters`
 * after the spread.
 */
export function fromSpec(spec: ResourceSpec): {
  name: string;
  roles: ResourceSpec['roles'];
  filters?: (page: object) => Expression<SqlBool>[];
} {
  const { filters } = spec;
  return { name: spec.api, roles: spec.roles, ...(filters ? { filters: (p: object) => specFilters(filters, p) } : {}) };
}

/** The sort fields every record has (API.md §4), as columns of `table`. */
export const metaSorts = (table: string) => ({
  id: `${table}.id`,
  createdAt: `${table}.created_at`,
  updatedAt: `${table}.updated_at`,
});

/** The record fields after the resource's own (API.md §4), from a row; `id` stays first in the object. */
export const rowMeta = (r: { version: number; created_at: string; updated_at: string }) => ({
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The row type a resource's `select` yields. */
export type RowOf<S extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<ReturnType<S>['executeTakeFirstOrThrow']>
>;
