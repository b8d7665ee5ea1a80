import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../../src/server/db/bootstrap';
import { migrationsFor } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/schema';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/**
 * 0014: sessions get their absolute end (those from before: sign-in + 30 days, the default), and
 * the idempotency keys their table; down removes both, and up again works.
 */
const t = testDatabaseForFile('lectern-session-expiry-');

async function columnsOf(db: Kysely<Database>, dialect: string, table: string) {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = ${table}`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return (await q.execute(db)).rows.map((r) => r.name);
}

describe(`the session expiry and idempotency migration (${TEST_ENGINE})`, () => {
  it('gives old sessions 30 days from their sign-in, adds the key table, and goes back down', async () => {
    const { db, dialect } = t.opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    // Up to this migration, not the latest: later ones have tests of their own.
    const upTo0014 = async () =>
      (await migrator.migrateTo('0014-session-expiry-idempotency')).results?.map((r) => r.migrationName);
    expect((await migrator.migrateTo('0013-noun-keys')).error).toBeUndefined();
    await ensureAdmin(db, 'Admin-pass-123', new Date());
    const staffId = (await db.selectFrom('staff').select('id').executeTakeFirstOrThrow()).id;
    const signedIn = '2030-01-02T03:04:05.678Z';
    // The old shape: no expires_at yet.
    await sql`insert into session (token_hash, staff_id, created_at, last_seen_at, public_id, user_agent, address)
      values ('old-session', ${staffId}, ${signedIn}, ${signedIn}, 'pub-old', 'ua', '127.0.0.1')`.execute(db);
    expect(await columnsOf(db, dialect, 'idempotency_key')).toEqual([]);

    expect(await upTo0014()).toEqual(['0014-session-expiry-idempotency']);
    const row = await db.selectFrom('session').select('expires_at').executeTakeFirstOrThrow();
    expect(row.expires_at).toBe('2030-02-01T03:04:05.678Z');
    expect((await columnsOf(db, dialect, 'idempotency_key')).sort()).toEqual(
      ['body', 'content_type', 'created_at', 'idem_key', 'method', 'path', 'staff_id', 'status'].sort(),
    );
    // One row per member and key.
    const key = { staff_id: staffId, idem_key: 'k', method: 'POST', path: '/prod-api/book', created_at: signedIn };
    await db.insertInto('idempotency_key').values(key).execute();
    await expect(db.insertInto('idempotency_key').values(key).execute()).rejects.toThrow();

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await columnsOf(db, dialect, 'idempotency_key')).toEqual([]);
    expect(await columnsOf(db, dialect, 'session')).not.toContain('expires_at');
    expect((await db.selectFrom('session').select('token_hash').execute()).map((r) => r.token_hash)).toEqual([
      'old-session',
    ]);

    expect(await upTo0014()).toEqual(['0014-session-expiry-idempotency']);
    expect(await columnsOf(db, dialect, 'session')).toContain('expires_at');
  });
});
