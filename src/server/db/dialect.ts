import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL is decided here, so repositories stay
 * dialect-neutral Kysely and a new engine has one file to extend.
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
 * Keyword search over text columns: a substring match, case-insensitive for ASCII letters only
 * (SQLite's LIKE), identical on both engines. Each engine's index only picks the candidates:
 * - SQLite: an FTS5 trigram table (keywords of 3+ characters) narrows the rows, then
 *   `instr(lower(column), lower(keyword))` decides (lower() folds ASCII only, as LIKE does; the
 *   trigram match is a superset: it also folds non-ASCII case, never a different set).
 * - PostgreSQL: `lower(column collate "C") like lower(pattern collate "C")`: under C lower()
 *   folds ASCII only, whatever the database's locale, so the rows are SQLite's; pg_trgm GIN indexes
 *   on exactly that expression (migration 0003) answer it, as a bitmap OR over the columns. A
 *   strpos() on the same folded text comes first, so a scan decides by it.
 * Why not LIKE everywhere: both engines' LIKE tries the whole keyword at every position, so its
 * cost is the text's length times the keyword's; a 100-character near miss ('aaa…ab') over long
 * texts of 'a' (an audit entry of a long news article) took seconds. instr() and strpos() stay
 * near linear, and so does the FTS query: each distinct trigram of the keyword once, not the
 * keyword as a phrase, whose positions FTS5 matches trigram by trigram.
 */
export function keywordMatch(
  dialect: DialectKind,
  columns: readonly string[],
  keyword: string,
  fullText?: FullTextIndex,
): Expression<SqlBool> {
  if (dialect === 'postgres') {
    // Both sides folded under C: lower() of the pattern in the database's own locale would fold
    // non-ASCII letters that the column side keeps. strpos() first: where it finds nothing, the
    // LIKE (there for the trigram index) is not evaluated on a scan.
    const word = sql`lower(cast(${keyword} as text) collate "C")`;
    const pattern = sql`lower(cast(${`%${escapeLike(keyword)}%`} as text) collate "C")`;
    const terms = columns.map(
      (col) =>
        sql<SqlBool>`(strpos(${foldedColumn(col)}, ${word}) > 0 and ${foldedColumn(col)} like ${pattern} escape '\\')`,
    );
    return sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
  }
  const terms = columns.map((col) => sql<SqlBool>`instr(lower(${sql.ref(col)}), lower(${keyword})) > 0`);
  const scan = sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
  // Trigram indexes cannot answer fewer than 3 characters: the plain scan does.
  const trigrams = trigramsOf(keyword);
  if (!fullText || trigrams.length === 0) return scan;
  const query = trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
  const fts = sql.table(fullText.table);
  return sql<SqlBool>`(${sql.ref(fullText.idColumn)} in (select rowid from ${fts} where ${fts} match ${query}) and ${scan})`;
}

/** The distinct runs of 3 characters (code points, as FTS5's trigram tokenizer counts them). */
function trigramsOf(keyword: string): string[] {
  const chars = [...keyword];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  return [...out];
}

/** PostgreSQL: the column as the keyword search compares it (and as its trigram index stores it). */
const foldedColumn = (col: string) => sql`lower(${sql.ref(col)} collate "C")`;

/**
 * DDL of a full-text index over `table`'s keyword columns. SQLite: an FTS5 trigram table kept in
 * step by triggers (external content: the text is stored once, in the table). PostgreSQL: the
 * pg_trgm extension (trusted: a database owner may create it) and one GIN trigram index per column
 * on the expression keywordMatch compares; PostgreSQL keeps them up to date itself.
 */
export function fullTextIndexDdl(
  dialect: DialectKind,
  table: string,
  columns: readonly string[],
): RawBuilder<unknown>[] {
  if (dialect === 'postgres') {
    return [
      sql.raw('create extension if not exists pg_trgm'),
      ...columns.map((c) =>
        sql.raw(`create index ${table}_${c}_trgm_idx on ${table} using gin (lower(${c} collate "C") gin_trgm_ops)`),
      ),
    ];
  }
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

export function dropFullTextIndexDdl(
  dialect: DialectKind,
  table: string,
  columns: readonly string[],
): RawBuilder<unknown>[] {
  if (dialect === 'postgres') return columns.map((c) => sql.raw(`drop index ${table}_${c}_trgm_idx`));
  const fts = `${table}_fts`;
  return ['ai', 'ad', 'au'].map((t) => sql.raw(`drop trigger ${fts}_${t}`)).concat(sql.raw(`drop table ${fts}`));
}

/**
 * One ORDER BY term. SQLite sorts NULLs as the smallest value; PostgreSQL as the largest. We keep
 * SQLite's natural order (so its indexes serve the sort) and spell it out for PostgreSQL, whose
 * single-column indexes are built `nulls first` to match (indexDdl), so a forward or backward
 * index scan serves either direction. `notNull` columns (the id tie-break) need no NULLS clause,
 * and without one the primary key's index serves them too.
 */
export function orderTerm(
  dialect: DialectKind,
  column: string,
  dir: 'asc' | 'desc',
  notNull = false,
): RawBuilder<unknown> {
  const d = sql.raw(dir);
  if (dialect === 'postgres' && !notNull)
    return sql`${sql.ref(column)} ${d} ${sql.raw(dir === 'asc' ? 'nulls first' : 'nulls last')}`;
  return sql`${sql.ref(column)} ${d}`;
}

/**
 * A named index as the migrations create them. On PostgreSQL a single-column index is built
 * `nulls first`, SQLite's NULL order, so it serves orderTerm's sorts in both directions.
 */
export function indexDdl(
  dialect: DialectKind,
  name: string,
  table: string,
  columns: readonly string[],
  unique = false,
): RawBuilder<unknown> {
  const cols = columns.map((c) => `"${c}"${dialect === 'postgres' && columns.length === 1 ? ' nulls first' : ''}`);
  return sql.raw(`create ${unique ? 'unique ' : ''}index "${name}" on "${table}" (${cols.join(', ')})`);
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
