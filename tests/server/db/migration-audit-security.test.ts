import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsFor } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/schema';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/** 0015: the audit trail gets address, user_agent and reason (security events); down removes them. */
const t = testDatabaseForFile('lectern-audit-security-');

async function columnsOf(db: Kysely<Database>, dialect: string, table: string) {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = ${table}`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return (await q.execute(db)).rows.map((r) => r.name);
}

describe(`the audit security events migration (${TEST_ENGINE})`, () => {
  it('adds the columns, keeps the old rows, and goes back down and up', async () => {
    const { db, dialect } = t.opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    // Up to this migration only: later ones are tested on their own.
    const upTo0015 = async () =>
      (await migrator.migrateTo('0015-audit-security-events')).results?.map((r) => r.migrationName);
    expect((await migrator.migrateTo('0014-session-expiry-idempotency')).error).toBeUndefined();
    await sql`insert into audit_log (at, actor_id, actor_name, action, resource, record_id, changes)
      values ('2030-01-01T00:00:00.000Z', null, 'system', 'create', 'book', 1, '{}')`.execute(db);
    expect(await upTo0015()).toEqual(['0015-audit-security-events']);
    expect(await columnsOf(db, dialect, 'audit_log')).toEqual(
      expect.arrayContaining(['address', 'user_agent', 'reason']),
    );
    const old = await db.selectFrom('audit_log').selectAll().executeTakeFirstOrThrow();
    expect(old).toMatchObject({ resource: 'book', address: null, user_agent: null, reason: null });

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await columnsOf(db, dialect, 'audit_log')).not.toContain('reason');
    expect((await db.selectFrom('audit_log').select('resource').execute()).map((r) => r.resource)).toEqual(['book']);
    expect(await upTo0015()).toEqual(['0015-audit-security-events']);
  });
});
