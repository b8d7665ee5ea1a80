import { type Expression, type SqlBool, sql } from 'kysely';
import { timeBound } from '../../contract/range';
import type { FilterSpec, RangeSpec } from '../../contract/resource-spec';

/** Page-filter building blocks; undefined values add no condition. */
export function eq(column: string, value: unknown): Expression<SqlBool>[] {
  return value === undefined || value === null ? [] : [sql<SqlBool>`${sql.ref(column)} = ${value}`];
}

export function contains(column: string, needle: string | undefined): Expression<SqlBool>[] {
  return needle === undefined ? [] : [sql<SqlBool>`${sql.ref(column)} like ${`%${needle}%`}`];
}

/**
 * A range's conditions: numbers as they are; dates as instants (see `timeBound`), compared as the
 * ISO 8601 UTC text every timestamp is stored as. A row without a value (NULL) matches no bound.
 */
export function range(f: RangeSpec, lower: unknown, upper: unknown): Expression<SqlBool>[] {
  const col = sql.ref(f.column);
  const out: Expression<SqlBool>[] = [];
  if (f.kind === 'numberRange') {
    if (typeof lower === 'number') out.push(sql<SqlBool>`${col} >= ${lower}`);
    if (typeof upper === 'number') out.push(sql<SqlBool>`${col} <= ${upper}`);
    return out;
  }
  if (typeof lower === 'string') out.push(sql<SqlBool>`${col} >= ${timeBound(lower, false).at}`);
  if (typeof upper === 'string') {
    const to = timeBound(upper, true);
    out.push(to.exclusive ? sql<SqlBool>`${col} < ${to.at}` : sql<SqlBool>`${col} <= ${to.at}`);
  }
  return out;
}

/** The SQL conditions of a resource's declared filters (its spec), for the values the page body holds. */
export function specFilters(filters: Record<string, FilterSpec>, page: object): Expression<SqlBool>[] {
  const values = page as Record<string, unknown>;
  return Object.entries(filters).flatMap(([name, f]) => {
    if (f.kind === 'numberRange' || f.kind === 'dateRange') return range(f, values[f.params[0]], values[f.params[1]]);
    const v = values[name];
    // Booleans are stored as 1/0 on both engines.
    return eq(f.column, f.kind === 'bool' && typeof v === 'boolean' ? (v ? 1 : 0) : v);
  });
}
