import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { DialectKind } from '../../../src/server/db/dialect';
import { type OpenedDatabase, openSqlite } from '../../../src/server/db/open';
import { openPostgres } from '../../../src/server/db/postgres';

/**
 * The engine the server tests run on: PostgreSQL when DATABASE_URL is set (tests/server/pg/run.sh
 * sets it to a throwaway cluster), otherwise SQLite files in temp folders. DATABASE_URL names a
 * maintenance database; every test server gets a database of its own there, dropped afterwards.
 */
export const TEST_ENGINE: DialectKind = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

const adminUrl = () => process.env.DATABASE_URL as string;

/** The URL of database `name` on the DATABASE_URL server. */
export function urlOf(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

/** `fn` with a client of its own on the database at `url`, closed after. */
async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const admin = <T>(fn: (c: pg.Client) => Promise<T>) => withClient(adminUrl(), fn);

/** The rows of one query on the PostgreSQL database at `url`. */
export const pgQuery = <T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) =>
  withClient(url, async (c) => (await c.query<T>(text, values)).rows);

/**
 * A new empty database. C collation and ctype: text sorts byte-wise as in SQLite (README asks the
 * same of production databases); template0 so the collation may differ from the server default.
 */
export async function createDatabase(name: string, locale: PgLocale = 'C'): Promise<string> {
  const spec = locale === 'C' ? ` template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'` : '';
  await admin((c) => c.query(`create database "${name}"${spec}`));
  return urlOf(name);
}

/** 'C' (what README asks of production databases) or the server's default locale (any other). */
export type PgLocale = 'C' | 'server default';

export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
}

export const uniqueDatabaseName = (prefix = 'lectern_t') =>
  `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

export interface TestDatabase {
  opened: OpenedDatabase;
  /** Close the pool and, on PostgreSQL, drop the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database on the test engine, or on `engine` (SQLite: `dataDir/lectern.sqlite`;
 * PostgreSQL needs DATABASE_URL).
 */
export async function openTestDatabase(
  dataDir: string,
  engine: DialectKind = TEST_ENGINE,
  pgLocale: PgLocale = 'C',
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const opened = openSqlite(dataDir);
    return { opened, dispose: () => opened.db.destroy() };
  }
  if (!process.env.DATABASE_URL) throw new Error('PostgreSQL tests need DATABASE_URL (tests/server/pg/run.sh)');
  const name = uniqueDatabaseName();
  const opened = openPostgres(await createDatabase(name, pgLocale), { poolSize: 5 });
  return {
    opened,
    dispose: async () => {
      await opened.db.destroy();
      await dropDatabase(name);
    },
  };
}

const spawned = new Set<string>();

/**
 * For a spawned server process: on PostgreSQL, the database that stands for `dataDir` (created on
 * first use, the same one on a restart with the same folder, as the SQLite file would be);
 * undefined on SQLite. dropSpawnedDatabases() removes them.
 */
export async function databaseUrlFor(dataDir: string | undefined): Promise<string | undefined> {
  if (TEST_ENGINE === 'sqlite') return undefined;
  const key = createHash('sha256')
    .update(join(dataDir ?? 'default'))
    .digest('hex')
    .slice(0, 12);
  const name = `lectern_p_${key}`;
  if (!spawned.has(name)) {
    await dropDatabase(name);
    await createDatabase(name);
    spawned.add(name);
  }
  return urlOf(name);
}

export async function dropSpawnedDatabases(): Promise<void> {
  for (const name of spawned) await dropDatabase(name);
  spawned.clear();
}
