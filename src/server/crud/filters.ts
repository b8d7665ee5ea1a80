import { type Expression, type SqlBool, sql } from 'kysely';

/** Page-filter building blocks; undefined values add no condition. */
export function eq(column: string, value: unknown): Expression<SqlBool>[] {
  return value === undefined || value === null ? [] : [sql<SqlBool>`${sql.ref(column)} = ${value}`];
}

export function contains(column: string, needle: string | undefined): Expression<SqlBool>[] {
  return needle === undefined ? [] : [sql<SqlBool>`${sql.ref(column)} like ${`%${needle}%`}`];
}
