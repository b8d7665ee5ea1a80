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

/** A full-text index over a table's keyword columns (SQLite: an FTS5 trigram table). */
export interface FullTextIndex {
  /** The FTS table, e.g. 'book_fts'; its rowid is the record id. */
  table: string;
  /** Qualified id column of the searched table, e.g. 'book.id'. */
  idColumn: string;
}

/**
 * Keyword search over text columns: a substring match, case-insensitive for ASCII. With a
 * full-text index (SQLite FTS5 trigram, keywords of 3+ characters) the index picks the candidate
 * rows and the same LIKE test then decides, so results are exactly those of the plain scan: the
 * trigram match is a superset (it also folds non-ASCII case), never a different set.
 */
export function keywordMatch(
  dialect: DialectKind,
  columns: readonly string[],
  keyword: string,
  fullText?: FullTextIndex,
): Expression<SqlBool> {
  const pattern = `%${escapeLike(keyword)}%`;
  // SQLite's LIKE is case-insensitive for ASCII; ILIKE gives PostgreSQL the same results.
  const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const terms = columns.map((col) => sql<SqlBool>`${sql.ref(col)} ${op} ${pattern} escape '\\'`);
  const like = sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
  // Trigram indexes cannot answer fewer than 3 characters; issue 7 adds pg_trgm for PostgreSQL.
  if (dialect !== 'sqlite' || !fullText || [...keyword].length < 3) return like;
  const phrase = `"${keyword.replace(/"/g, '""')}"`;
  const fts = sql.table(fullText.table);
  return sql<SqlBool>`(${sql.ref(fullText.idColumn)} in (select rowid from ${fts} where ${fts} match ${phrase}) and ${like})`;
}

/**
 * DDL of a full-text index kept in step with `table` by triggers (external content: the text is
 * stored once, in the table). SQLite only; on PostgreSQL nothing yet (issue 7: pg_trgm indexes).
 */
export function fullTextIndexDdl(
  dialect: DialectKind,
  table: string,
  columns: readonly string[],
): RawBuilder<unknown>[] {
  if (dialect !== 'sqlite') return [];
  const fts = `${table}_fts`;
  const cols = columns.join(', ');
  const vals = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  return [
    sql.raw(
      `create virtual table ${fts} using fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`,
    ),
    sql.raw(`create trigger ${fts}_ai after insert on ${table} begin
      insert into ${fts}(rowid, ${cols}) values (new.id, ${vals('new')}); end`),
    sql.raw(`create trigger ${fts}_ad after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${vals('old')}); end`),
    sql.raw(`create trigger ${fts}_au after update of ${cols} on ${table} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${vals('old')});
      insert into ${fts}(rowid, ${cols}) values (new.id, ${vals('new')}); end`),
    sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`),
  ];
}

export function dropFullTextIndexDdl(dialect: DialectKind, table: string): RawBuilder<unknown>[] {
  if (dialect !== 'sqlite') return [];
  const fts = `${table}_fts`;
  return ['ai', 'ad', 'au'].map((t) => sql.raw(`drop trigger ${fts}_${t}`)).concat(sql.raw(`drop table ${fts}`));
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
