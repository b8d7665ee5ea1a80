import { type Kysely, Migrator } from 'kysely';
import type { DialectKind } from './dialect';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

/** Bring the schema up to date; throws (and the server refuses to start) if any step fails. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectKind): Promise<string[]> {
  // Issue 7: on PostgreSQL take pg_advisory_lock around this so instances starting together don't race.
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
  return (results ?? []).map((r) => r.migrationName);
}
