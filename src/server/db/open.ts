import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { OpenedDatabase } from './opened';
import { openPostgres } from './postgres';
import type { Database } from './schema';
import { sqliteDialect } from './sqlite-dialect';

export type { OpenedDatabase };

export interface OpenOptions {
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; unset, the SQLite file in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL only: connections in this process's pool. */
  poolSize?: number;
}

export function openDatabase(opts: OpenOptions): OpenedDatabase {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { poolSize: opts.poolSize });
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
  const db = new Kysely<Database>({ dialect: sqliteDialect(sqlite) });
  return { db, dialect: 'sqlite', location: file };
}
