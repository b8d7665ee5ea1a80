import { type Kysely, Migrator, sql } from 'kysely';
import type { DialectKind } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

/** pg_advisory_lock key of Lectern's migrations: any fixed bigint, the same in every instance. */
export const MIGRATION_LOCK_KEY = 7_361_200_417;

/**
 * Bring the schema up to date; throws (and the server refuses to start) if any step fails.
 * On PostgreSQL every instance first takes a session advisory lock on one pooled connection and
 * migrates through that connection, so instances starting together run the migrations one after
 * another: the first applies them, the others then find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectKind): Promise<string[]> {
  if (dialect !== 'postgres') return migrate(db, dialect);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
    try {
      return await migrate(conn, dialect);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
    }
  });
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
