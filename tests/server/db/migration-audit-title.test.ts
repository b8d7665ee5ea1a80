import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { migrationsFor } from '../../../src/server/db/migrations';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/** A trail from before entries named their record: titles come from the entries' own changes. */
const t = testDatabaseForFile('lectern-audit-title-');

describe(`the audit record-title migration (${TEST_ENGINE})`, () => {
  it('names old entries from their changes, or from another entry of the same record', async () => {
    const { db, dialect } = t.opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo('0007-isbn13')).error).toBeUndefined();
    const entry = (resource: string, recordId: number, action: string, changes: unknown) => ({
      at: new Date().toISOString(),
      actor_id: 1,
      actor_name: 'admin',
      action,
      resource,
      record_id: recordId,
      changes: JSON.stringify(changes),
    });
    await db
      .insertInto('audit_log')
      // The table's record_title column does not exist yet: insert the old shape.
      .values([
        entry('book', 7, 'create', { title: { from: null, to: 'Dune' }, stock: { from: null, to: 1 } }),
        entry('book', 7, 'update', { stock: { from: 1, to: 2 } }),
        entry('book', 7, 'update', { title: { from: 'Dune', to: 'Dune Messiah' } }),
        entry('category', 3, 'delete', { name: { from: 'Old shelf', to: null } }),
        entry('users', 9, 'update', { status: { from: 'active', to: 'disabled' } }),
      ] as never)
      .execute();

    await migrateToLatest(db, dialect);
    const rows = await db
      .selectFrom('audit_log')
      .select(['resource', 'record_id', 'record_title'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.record_title)).toEqual(['Dune', 'Dune Messiah', 'Dune Messiah', 'Old shelf', null]);
  });
});
