import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL is decided here, so repositories stay
 * dialect-neutral Kysely and issue 7 has one file to extend.
 */
export type DialectKind = 'sqlite' | 'postgres';

/** LIKE pattern with %, _ and \ taken literally (paired with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Keyword search over text columns. A LIKE scan for now; issue 7 swaps in FTS5 / pg_trgm here
 * without touching any resource.
 */
export function keywordMatch(dialect: DialectKind, columns: readonly string[], keyword: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(keyword)}%`;
  // SQLite's LIKE is case-insensitive for ASCII; ILIKE gives PostgreSQL the same results.
  const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const terms = columns.map((col) => sql<SqlBool>`${sql.ref(col)} ${op} ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

/**
 * One ORDER BY term. SQLite sorts NULLs as the smallest value; PostgreSQL as the largest. We keep
 * SQLite's natural order (so its indexes serve the sort) and spell it out for PostgreSQL.
 */
export function orderTerm(dialect: DialectKind, column: string, dir: 'asc' | 'desc'): RawBuilder<unknown> {
  const d = sql.raw(dir);
  if (dialect === 'postgres')
    return sql`${sql.ref(column)} ${d} ${sql.raw(dir === 'asc' ? 'nulls first' : 'nulls last')}`;
  return sql`${sql.ref(column)} ${d}`;
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
}

/**
 * A unique-constraint violation from either driver, with what it names: SQLite reports
 * "UNIQUE constraint failed: book.isbn", PostgreSQL code 23505 with the constraint name.
 */
export function uniqueViolation(err: unknown): { columns: string[]; constraint?: string } | null {
  const e = err as DriverError | null;
  if (!e || typeof e !== 'object') return null;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /constraint failed: (.+)$/.exec(String(e.message));
    const columns = (m?.[1] ?? '').split(',').map((s) => s.trim().split('.').pop() ?? '');
    return { columns };
  }
  if (e.code === '23505')
    return { columns: [], constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  return null;
}

export function foreignKeyViolation(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
