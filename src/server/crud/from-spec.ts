import type { Expression, SqlBool } from 'kysely';
import type { ResourceSpec } from '../../contract/resource-spec';
import type { TableName } from '../db/schema';
import { specFilters } from './filters';

/**
 * The parts of a `defineResource` description that every resource reads off its spec the same
 * way, so the route path, the role check, the SQL filters and the sort columns cannot drift from
 * what the console derives from the same spec. `noun` is the spec's key in src/resources/specs.ts
 * (which the infrastructure may not import; tests/server/resources/nouns.test.ts holds the two
 * equal). `alias` names the table in the resource's `select` (`category_subclass as sc`). A
 * resource whose filters no kind describes writes its own `filters` after the spread.
 */
export function fromSpec(
  noun: string,
  spec: ResourceSpec,
  table: TableName,
  alias: string = table,
): {
  noun: string;
  api: string;
  roles: ResourceSpec['roles'];
  table: TableName;
  idColumn: string;
  sortColumns: Record<string, string>;
  filters?: (page: object) => Expression<SqlBool>[];
} {
  const { filters } = spec;
  return {
    noun,
    api: spec.api,
    roles: spec.roles,
    table,
    idColumn: `${alias}.id`,
    // Every sort field is a column of the resource's own table, named as the field in snake case.
    sortColumns: Object.fromEntries((spec.sorts ?? []).map((f) => [f, `${alias}.${snakeCase(f)}`])),
    ...(filters ? { filters: (p: object) => specFilters(filters, p) } : {}),
  };
}

export const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The record fields after the resource's own (docs/api.md §4), from a row; `id` stays first in the object. */
export const rowMeta = (r: { version: number; created_at: string; updated_at: string }) => ({
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The row type a resource's `select` yields. */
export type RowOf<S extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<ReturnType<S>['executeTakeFirstOrThrow']>
>;
