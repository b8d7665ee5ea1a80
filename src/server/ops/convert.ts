import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { migrationsFor } from '../db/migrations';
import { openPostgres, redactUrl } from '../db/postgres';

/**
 * SQLite → PostgreSQL: every table of a Lectern SQLite file copied into a PostgreSQL database
 * migrated by the same code, ids and versions kept, identity sequences moved past the copied ids,
 * then row counts and a checksum per table compared on both sides.
 */

/** Kept out of the copy: the migrator's own bookkeeping (the target is migrated by the code). */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Parameters per INSERT stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;

export interface ConvertOptions {
  sqliteFile: string;
  databaseUrl: string;
  /** Copy signed-in sessions too (staff stay signed in); default true. */
  sessions?: boolean;
  /** Empty the target's tables first instead of refusing a target that has rows. */
  replace?: boolean;
  log?: (msg: string) => void;
}

export interface TableResult {
  table: string;
  rows: number;
  /** sha256 over the sorted sha256 of each row's values (order-free: collations may differ). */
  checksum: string;
}

export class ConvertError extends Error {}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** A value as both engines should agree on it: numbers and bigints in decimal, text as is, null apart. */
function canonical(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  return String(v);
}

class TableHash {
  private readonly rowHashes: string[] = [];
  add(values: unknown[]): void {
    this.rowHashes.push(
      createHash('sha256')
        .update(JSON.stringify(values.map(canonical)))
        .digest('hex'),
    );
  }
  get rows(): number {
    return this.rowHashes.length;
  }
  digest(): string {
    const all = createHash('sha256');
    for (const h of this.rowHashes.sort()) all.update(h);
    return all.digest('hex');
  }
}

interface PgTable {
  name: string;
  columns: string[];
  identity: string[];
}

/** The target's tables (current schema), their columns in order and identity columns. */
async function pgTables(client: pg.Client): Promise<Map<string, PgTable>> {
  const r = await client.query<{ table_name: string; column_name: string; is_identity: string }>(
    `select c.table_name, c.column_name, c.is_identity
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, PgTable>();
  for (const row of r.rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    let t = tables.get(row.table_name);
    if (!t) {
      t = { name: row.table_name, columns: [], identity: [] };
      tables.set(row.table_name, t);
    }
    t.columns.push(row.column_name);
    if (row.is_identity === 'YES') t.identity.push(row.column_name);
  }
  return tables;
}

/** Parents before children (foreign keys), so the copy needs no deferred constraints. */
async function insertOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const r = await client.query<{ child: string; parent: string }>(
    `select cl.relname as child, pl.relname as parent
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_class pl on pl.oid = c.confrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of r.rows) if (child !== parent) parents.get(child)?.add(parent);
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t)) return;
    if (path.has(t)) throw new ConvertError(`foreign keys form a cycle through ${t}`);
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    done.add(t);
    order.push(t);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return order;
}

/** The SQLite file's data tables: no internal, migrator or full-text (virtual and shadow) tables. */
function sqliteTables(db: SQLite.Database): Map<string, string[]> {
  const all = db.prepare(`select name, sql from sqlite_master where type = 'table'`).all() as {
    name: string;
    sql: string | null;
  }[];
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  const tables = new Map<string, string[]>();
  for (const { name } of all) {
    if (name.startsWith('sqlite_') || MIGRATOR_TABLES.has(name)) continue;
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    const cols = (db.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[]).map(
      (c) => c.name,
    );
    tables.set(name, cols);
  }
  return tables;
}

function checkSourceMigrations(db: SQLite.Database): void {
  const expected = Object.keys(migrationsFor('sqlite'));
  let applied: string[] = [];
  try {
    applied = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } catch {
    throw new ConvertError('the SQLite file is not a Lectern database (no kysely_migration table)');
  }
  const missing = expected.filter((m) => !applied.includes(m));
  const unknown = applied.filter((m) => !expected.includes(m));
  if (unknown.length > 0)
    throw new ConvertError(`the SQLite file is newer than this Lectern (${unknown.join(', ')}): update Lectern first`);
  if (missing.length > 0)
    throw new ConvertError(
      `the SQLite file lacks migrations ${missing.join(', ')}: start this version of the server on it once, stop it, then convert`,
    );
}

/** Tables of the target holding rows, with their counts. */
async function nonEmptyTables(client: pg.Client): Promise<string[]> {
  const out: string[] = [];
  for (const t of (await pgTables(client)).keys()) {
    const r = await client.query(`select 1 from ${q(t)} limit 1`);
    if ((r.rowCount ?? 0) > 0) out.push(t);
  }
  return out;
}

/** int8 and numeric as text: exact, and compared as text with SQLite's integers. */
const exactTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, types: exactTypes, application_name: 'lectern-convert' });
  await client.connect();
  return client;
}

/** Checksums of the target's tables, read back after the copy committed. */
async function pgChecksums(client: pg.Client, tables: PgTable[]): Promise<Map<string, TableResult>> {
  const out = new Map<string, TableResult>();
  for (const t of tables) {
    const hash = new TableHash();
    const r = await client.query({ text: `select ${t.columns.map(q).join(', ')} from ${q(t.name)}`, rowMode: 'array' });
    for (const row of r.rows as unknown[][]) hash.add(row);
    out.set(t.name, { table: t.name, rows: hash.rows, checksum: hash.digest() });
  }
  return out;
}

export interface Mismatch {
  table: string;
  source: Omit<TableResult, 'table'>;
  target: Omit<TableResult, 'table'>;
}

/** Compares the SQLite file and the PostgreSQL database table by table (counts and checksums). */
export async function verifyCopy(
  sqliteFile: string,
  databaseUrl: string,
  opts: { sessions?: boolean } = {},
): Promise<Mismatch[]> {
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  const client = await connect(databaseUrl);
  try {
    const tables = [...(await pgTables(client)).values()].filter(
      (t) => opts.sessions !== false || t.name !== 'session',
    );
    const src = new Map<string, TableResult>();
    source.exec('begin');
    try {
      for (const t of tables) src.set(t.name, sqliteChecksum(source, t));
    } finally {
      source.exec('commit');
    }
    return compare(src, await pgChecksums(client, tables));
  } finally {
    source.close();
    await client.end();
  }
}

function sqliteChecksum(db: SQLite.Database, t: PgTable): TableResult {
  const hash = new TableHash();
  const stmt = db
    .prepare(`select ${t.columns.map(q).join(', ')} from ${q(t.name)}`)
    .raw(true)
    .safeIntegers(true);
  for (const row of stmt.iterate() as IterableIterator<unknown[]>) hash.add(row);
  return { table: t.name, rows: hash.rows, checksum: hash.digest() };
}

function compare(src: Map<string, TableResult>, dst: Map<string, TableResult>): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [name, s] of src) {
    const d = dst.get(name) ?? { table: name, rows: 0, checksum: '' };
    if (s.rows !== d.rows || s.checksum !== d.checksum)
      out.push({
        table: name,
        source: { rows: s.rows, checksum: s.checksum },
        target: { rows: d.rows, checksum: d.checksum },
      });
  }
  return out;
}

/**
 * The conversion. The SQLite file is read in one read transaction (one snapshot, even if a server
 * still wrote to it; stop it first all the same, or its later writes stay behind). The target is
 * written in one transaction: a failure leaves it as it was. Secondary indexes are dropped for the
 * load and rebuilt once at the end (a unique one that no longer holds fails the whole copy).
 */
export async function convertToPostgres(opts: ConvertOptions): Promise<TableResult[]> {
  const log = opts.log ?? (() => undefined);
  const withSessions = opts.sessions !== false;
  let source: SQLite.Database;
  try {
    source = new SQLite(opts.sqliteFile, { readonly: true, fileMustExist: true });
  } catch {
    throw new ConvertError(`no SQLite database at ${opts.sqliteFile}`);
  }
  const client = await connect(opts.databaseUrl);
  try {
    checkSourceMigrations(source);
    const filled = await nonEmptyTables(client);
    if (filled.length > 0 && !opts.replace)
      throw new ConvertError(
        `the target database is not empty (rows in ${filled.join(', ')}): use an empty database, or pass --replace to empty it first`,
      );

    log(`Target: ${redactUrl(opts.databaseUrl)}: migrating the schema…`);
    const { db } = openPostgres(opts.databaseUrl, { poolSize: 1 });
    try {
      await migrateToLatest(db, 'postgres');
    } finally {
      await db.destroy();
    }

    const target = await pgTables(client);
    const sourceTables = sqliteTables(source);
    const onlyTarget = [...target.keys()].filter((t) => !sourceTables.has(t));
    const onlySource = [...sourceTables.keys()].filter((t) => !target.has(t));
    if (onlyTarget.length || onlySource.length)
      throw new ConvertError(
        `the schemas differ: only in PostgreSQL ${onlyTarget.join(', ') || '-'}; only in SQLite ${onlySource.join(', ') || '-'}`,
      );
    for (const t of target.values()) {
      const cols = sourceTables.get(t.name) ?? [];
      const missing = t.columns.filter((c) => !cols.includes(c));
      if (missing.length) throw new ConvertError(`${t.name}: SQLite lacks columns ${missing.join(', ')}`);
    }
    const order = (await insertOrder(client, [...target.keys()])).filter((t) => withSessions || t !== 'session');
    const results: TableResult[] = [];

    await client.query('begin');
    source.exec('begin');
    try {
      // Always emptied: the target was checked empty (or --replace given) before it was migrated,
      // so what is left is rows the migrations themselves wrote (the loan policy's defaults), which
      // the source's own copies replace.
      await client.query(`truncate ${[...target.keys()].map(q).join(', ')} restart identity cascade`);
      const indexes = await client.query<{ name: string; def: string }>(
        `select i.indexname as name, i.indexdef as def
           from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
        [[...target.keys()]],
      );
      for (const ix of indexes.rows) await client.query(`drop index ${q(ix.name)}`);

      for (const name of order) {
        const t = target.get(name) as PgTable;
        const started = Date.now();
        const hash = new TableHash();
        const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / t.columns.length)));
        const cols = t.columns.map(q).join(', ');
        const stmt = source
          .prepare(`select ${cols} from ${q(name)}`)
          .raw(true)
          .safeIntegers(true);
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const params: unknown[] = [];
          const tuples = batch.map((row) => {
            const ph = row.map((v) => {
              params.push(typeof v === 'bigint' ? v.toString() : v);
              return `$${params.length}`;
            });
            return `(${ph.join(', ')})`;
          });
          await client.query(`insert into ${q(name)} (${cols}) values ${tuples.join(', ')}`, params);
          batch = [];
        };
        for (const row of stmt.iterate() as IterableIterator<unknown[]>) {
          hash.add(row);
          batch.push(row);
          if (batch.length >= perInsert) await flush();
        }
        await flush();
        // Identity columns: the next generated id follows the copied ones.
        for (const col of t.identity)
          await client.query(
            `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${q(col)}) from ${q(name)}), 0) + 1, false)`,
            [q(name), col],
          );
        results.push({ table: name, rows: hash.rows, checksum: hash.digest() });
        log(`  ${name}: ${hash.rows} rows (${Date.now() - started} ms)`);
      }

      log(`Rebuilding ${indexes.rows.length} indexes…`);
      for (const ix of indexes.rows) await client.query(ix.def);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      source.exec('commit');
    }
    // What autovacuum would do later: statistics for the planner now.
    await client.query('analyze');

    log('Verifying row counts and checksums…');
    const copied = results.map((r) => target.get(r.table) as PgTable);
    const mismatches = compare(new Map(results.map((r) => [r.table, r])), await pgChecksums(client, copied));
    if (mismatches.length > 0)
      throw new ConvertError(
        `verification failed: ${mismatches.map((m) => `${m.table} (${m.source.rows} rows in SQLite, ${m.target.rows} in PostgreSQL${m.source.rows === m.target.rows ? ', different content' : ''})`).join('; ')}`,
      );
    return results;
  } finally {
    source.close();
    await client.end();
  }
}
