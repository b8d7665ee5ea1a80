import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DialectKind } from './dialect';
import type { Database } from './schema';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** For the startup log: where the data lives. */
  location: string;
}

export interface OpenOptions {
  dataDir: string;
  /** Issue 7: `postgres://…` selects PostgreSQL. */
  databaseUrl?: string;
}

export function openDatabase(opts: OpenOptions): OpenedDatabase {
  if (opts.databaseUrl) {
    // The seam for issue 7: build a PostgresDialect over a `pg` Pool here and return dialect 'postgres'.
    throw new Error('DATABASE_URL is set, but PostgreSQL support is not available yet; unset it to use SQLite.');
  }
  return openSqlite(opts.dataDir);
}

export function openSqlite(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'lectern.sqlite');
  const sqlite = new SQLite(file);
  // WAL: readers never block the writer; NORMAL sync is durable across app crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', location: file };
}
