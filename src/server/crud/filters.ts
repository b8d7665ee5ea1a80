import { type Expression, type SqlBool, sql } from 'kysely';
import type { FilterSpec } from '../../contract/resource-spec';

/** Page-filter building blocks; undefined values add no condition. */
export function eq(column: string, value: unknown): Expression<SqlBool>[] {
  return value === undefined || value === null ? [] : [sql<SqlBool>`${sql.ref(column)} = ${value}`];
}

export function contains(column: string, needle: string | undefined): Expression<SqlBool>[] {
  return needle === undefined ? [] : [sql<SqlBool>`${sql.ref(column)} like ${`%${needle}%`}`];
}

/** The SQL conditions of a resource's declared filters (its spec), for the values the page body holds. */
export function specFilters(filters: Record<string, FilterSpec>, page: object): Expression<SqlBool>[] {
  const values = page as Record<string, unknown>;
  return Object.entries(filters).flatMap(([name, f]) => {
    const v = values[name];
    // Booleans are stored as 1/0 on both engines.
    return eq(f.column, f.kind === 'bool' && typeof v === 'boolean' ? (v ? 1 : 0) : v);
  });
}
