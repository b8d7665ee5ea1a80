import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { migrationsFor } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/schema';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/** 0021: the loans report's two indexes on application; down removes them. */
const t = testDatabaseForFile('lectern-loans-report-indexes-');

async function indexesOf(db: Kysely<Database>, dialect: string) {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'application'`
      : sql<{ name: string }>`select name from pragma_index_list('application')`;
  return (await q.execute(db)).rows.map((r) => r.name);
}

describe(`the loans report indexes migration (${TEST_ENGINE})`, () => {
  it('adds the two indexes, and goes back down and up', async () => {
    const { db, dialect } = t.opened;
    await migrateToLatest(db, dialect);
    const added = ['application_loans_idx', 'application_book_approved_idx'];
    expect(await indexesOf(db, dialect)).toEqual(expect.arrayContaining(added));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results?.[0]?.migrationName).toBe('0021-loans-report-indexes');
    const left = await indexesOf(db, dialect);
    for (const name of added) expect(left).not.toContain(name);
    expect(left).toContain('application_approved_at_idx');
    expect(await migrateToLatest(db, dialect)).toEqual(['0021-loans-report-indexes']);
  });
});
