import { type Kysely, Migrator, sql } from 'kysely';
import type { DialectKind } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

/** pg_advisory_lock key of Lectern's start-up work: any fixed bigint, the same in every instance. */
export const STARTUP_LOCK_KEY = 7_361_200_417;

/**
 * Runs `fn` so that instances starting together take turns. On PostgreSQL: a session advisory lock
 * on one pooled connection, and `fn` gets a Kysely bound to that connection (so even a pool of one
 * cannot deadlock). The lock is re-entrant within the session. On SQLite: `fn(db)` as is.
 */
export async function withStartupLock<T>(
  db: Kysely<Database>,
  dialect: DialectKind,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    }
  });
}

/**
 * Bring the schema up to date; throws (and the server refuses to start) if any step fails.
 * On PostgreSQL under the start-up advisory lock: instances starting together run the migrations
 * one after another; the first applies them, the others then find nothing left to do.
 */
export function migrateToLatest(db: Kysely<Database>, dialect: DialectKind): Promise<string[]> {
  return withStartupLock(db, dialect, (conn) => migrate(conn, dialect));
}

async function migrate(db: Kysely<Database>, dialect: DialectKind): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
