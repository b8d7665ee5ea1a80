import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DialectKind } from '../db/dialect';
import { runPgTool } from './pg-tools';

/**
 * Backups of a Lectern site: the database and the uploaded files (LECTERN_DATA/files and /oss).
 *
 * Order: the database first, the files after. Every file a database row names is complete before
 * the row is committed (images are written, video parts and objects moved into place, before their
 * rows), so every file the backed-up database knows already exists when the files are copied. The
 * other order would miss the files of rows committed during the copy. What the order costs: files
 * deleted between the two steps (a replaced image, the parts of an upload completed meanwhile) are
 * absent from the copy although the database still lists them; files added meanwhile are copied
 * without a row (unused, harmless).
 */

export const MANIFEST = 'lectern-backup.json';
const SQLITE_FILE = 'lectern.sqlite';
const PG_DUMP_FILE = 'lectern.pgdump';
/** The folders of LECTERN_DATA holding uploaded bytes, and what video processing made of them. */
const FILE_FOLDERS = ['files', 'oss', 'media'] as const;

export interface BackupManifest {
  format: 1;
  engine: DialectKind;
  createdAt: string;
  /** The database file inside the backup folder. */
  database: string;
  /** Migrations applied in the copied database. */
  migrations: string[];
  files: { copied: number; bytes: number; vanished: number };
}

export interface BackupOptions {
  dataDir: string;
  /** Set: PostgreSQL (pg_dump); unset: the SQLite file in dataDir. */
  databaseUrl?: string;
  /** The backup folder: created; must not exist or be empty. */
  target: string;
  log?: (msg: string) => void;
}

export class BackupError extends Error {}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

interface CopyStats {
  copied: number;
  bytes: number;
  vanished: number;
}

/** Not uploaded data: writes in progress (OSS `.tmp`) and the readiness probe's files. */
const skipped = (rel: string, name: string) => (rel === 'oss' && name === '.tmp') || name.startsWith('.ready-');

/**
 * Copies a folder tree file by file. A file deleted between listing and copying is counted and
 * skipped: the server keeps running during a backup.
 */
async function copyTree(from: string, to: string, rel: string, stats: CopyStats): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await mkdir(to, { recursive: true });
  for (const e of entries) {
    if (skipped(rel, e.name)) continue;
    const src = join(from, e.name);
    const dest = join(to, e.name);
    if (e.isDirectory()) {
      await copyTree(src, dest, join(rel, e.name), stats);
    } else if (e.isFile()) {
      try {
        // A copy-on-write clone where the file system can, a plain copy elsewhere.
        await copyFile(src, dest, constants.COPYFILE_FICLONE);
        stats.bytes += (await stat(dest)).size;
        stats.copied++;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        stats.vanished++;
      }
    }
  }
}

async function copyFiles(fromDir: string, toDir: string): Promise<CopyStats> {
  const stats: CopyStats = { copied: 0, bytes: 0, vanished: 0 };
  for (const folder of FILE_FOLDERS) await copyTree(join(fromDir, folder), join(toDir, folder), folder, stats);
  return stats;
}

function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copied database fails its check: ${String(check)}`);
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

async function pgMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ name: string }>('select name from kysely_migration order by name');
    return r.rows.map((x) => x.name);
  } finally {
    await client.end();
  }
}

/**
 * A consistent copy while the server runs. SQLite: the online backup API, all pages in one step
 * under one read transaction (writers in WAL mode are not blocked; a step never sees a half
 * transaction). PostgreSQL: pg_dump (one snapshot), custom format.
 */
export async function backup(opts: BackupOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  if (!(await isEmptyOrMissing(opts.target)))
    throw new BackupError(`${opts.target} is not empty: back up into a new folder`);
  await mkdir(opts.target, { recursive: true });
  const engine: DialectKind = opts.databaseUrl ? 'postgres' : 'sqlite';
  const createdAt = new Date().toISOString();

  let database: string;
  let migrations: string[];
  if (opts.databaseUrl) {
    database = PG_DUMP_FILE;
    log('Database: pg_dump (one consistent snapshot)…');
    await runPgTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', '--file', join(opts.target, database)],
      opts.databaseUrl,
    );
    migrations = await pgMigrations(opts.databaseUrl);
  } else {
    database = SQLITE_FILE;
    const source = join(opts.dataDir, SQLITE_FILE);
    const db = (() => {
      try {
        return new SQLite(source, { fileMustExist: true });
      } catch {
        throw new BackupError(`no database at ${source} (LECTERN_DATA)`);
      }
    })();
    db.pragma('busy_timeout = 5000');
    log('Database: SQLite online backup…');
    try {
      // The first step sizes the copy; returning a huge page count then copies everything at once.
      await db.backup(join(opts.target, database), { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    migrations = sqliteMigrations(join(opts.target, database));
  }

  log('Files: files/ and oss/…');
  const files = await copyFiles(opts.dataDir, opts.target);
  const manifest: BackupManifest = { format: 1, engine, createdAt, database, migrations, files };
  // Written last: a folder without it is an interrupted backup, and restore refuses it.
  await writeFile(join(opts.target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOptions {
  /** The backup folder. */
  source: string;
  /** Where to restore: LECTERN_DATA (and DATABASE_URL on PostgreSQL). */
  dataDir: string;
  databaseUrl?: string;
  /** Replace an existing database and files; otherwise a non-empty target is refused. */
  force?: boolean;
  log?: (msg: string) => void;
}

async function readManifest(source: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(source, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${source} has no ${MANIFEST}: not a backup, or an interrupted one`);
  }
  const m = JSON.parse(text) as BackupManifest;
  if (m.format !== 1) throw new BackupError(`unknown backup format ${String(m.format)}`);
  return m;
}

async function pgHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `select 1 from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' limit 1`,
    );
    return (r.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Schemas besides the app's that the backup holds: pg-boss's (jobs/pg-boss-queue.ts). */
const OWN_SCHEMAS = ['pgboss'];

async function pgDropSchemas(url: string, schemas: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
  } finally {
    await client.end();
  }
}

async function filesPresent(dataDir: string): Promise<boolean> {
  for (const folder of FILE_FOLDERS) if (!(await isEmptyOrMissing(join(dataDir, folder)))) return true;
  return false;
}

/**
 * Puts a backup back, with every server instance stopped. The engine is the backup's: a SQLite
 * backup restores without DATABASE_URL (then `npm run migrate-to-postgres` moves it), a PostgreSQL
 * one needs it. Refuses to overwrite anything unless `force`.
 */
export async function restore(opts: RestoreOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  const m = await readManifest(opts.source);
  const engine: DialectKind = opts.databaseUrl ? 'postgres' : 'sqlite';
  if (m.engine !== engine)
    throw new BackupError(
      m.engine === 'sqlite'
        ? 'this is a SQLite backup: restore it without DATABASE_URL, then use npm run migrate-to-postgres'
        : 'this is a PostgreSQL backup: set DATABASE_URL to the database to restore into',
    );
  const sqliteFile = join(opts.dataDir, SQLITE_FILE);
  if (!opts.force) {
    const dbInUse = opts.databaseUrl
      ? await pgHasTables(opts.databaseUrl)
      : await stat(sqliteFile).then(
          () => true,
          () => false,
        );
    if (dbInUse || (await filesPresent(opts.dataDir)))
      throw new BackupError('the target already has a database or files: restore into an empty one, or pass --force');
  }

  await mkdir(opts.dataDir, { recursive: true });
  if (opts.databaseUrl) {
    // pg_restore --clean cannot drop the job queue's partitioned tables one constraint at a time;
    // the queue's own schema goes whole and comes back from the dump.
    if (opts.force) await pgDropSchemas(opts.databaseUrl, OWN_SCHEMAS);
    log('Database: pg_restore…');
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        ...(opts.force ? ['--clean', '--if-exists'] : []),
        join(opts.source, m.database),
      ],
      opts.databaseUrl,
    );
  } else {
    log('Database: SQLite file…');
    // Copied beside, then renamed over: a crash never leaves half a database under the real name.
    const tmp = `${sqliteFile}.restoring`;
    await copyFile(join(opts.source, m.database), tmp);
    await rm(`${sqliteFile}-wal`, { force: true });
    await rm(`${sqliteFile}-shm`, { force: true });
    await rename(tmp, sqliteFile);
  }

  log('Files: files/ and oss/…');
  for (const folder of FILE_FOLDERS) await rm(join(opts.dataDir, folder), { recursive: true, force: true });
  await copyFiles(opts.source, opts.dataDir);
  return m;
}
