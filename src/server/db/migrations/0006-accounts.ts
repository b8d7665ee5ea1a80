import { randomBytes } from 'node:crypto';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Accounts that hold against attackers (docs/accounts.md):
 * - staff.must_change_password: set when an admin sets a member's password or the first admin's
 *   password was generated; 0/1 like every boolean here.
 * - session: a public id for the "signed-in devices" list (never the token or its hash), and the
 *   user agent and address at sign-in.
 * - login_attempt: exponential lockouts (lockouts, locked_until) and reserved_by, the marker that
 *   tells an attempt whether its atomic reservation got a slot.
 * - server_secret: secrets every instance must share (the device-cookie HMAC key), created on first
 *   use with an insert that tolerates a concurrent one.
 * One ALTER per column: SQLite adds one column per statement.
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff')
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .alterTable('session')
      .addColumn('public_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('session')
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('session')
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Sessions from before this migration stay valid; each gets its own random public id.
    const existing = await sql<{ token_hash: string }>`select token_hash from session`.execute(db);
    for (const row of existing.rows) {
      const publicId = randomBytes(16).toString('base64url');
      await sql`update session set public_id = ${publicId} where token_hash = ${row.token_hash}`.execute(db);
    }
    await db.schema.createIndex('session_public_id_uq').on('session').column('public_id').unique().execute();

    await db.schema
      .alterTable('login_attempt')
      .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('login_attempt').addColumn('locked_until', 'text').execute();
    await db.schema.alterTable('login_attempt').addColumn('reserved_by', 'text').execute();

    await db.schema
      .createTable('server_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('server_secret').execute();
    for (const col of ['reserved_by', 'locked_until', 'lockouts'])
      await db.schema.alterTable('login_attempt').dropColumn(col).execute();
    await db.schema.dropIndex('session_public_id_uq').execute();
    for (const col of ['address', 'user_agent', 'public_id'])
      await db.schema.alterTable('session').dropColumn(col).execute();
    await db.schema.alterTable('staff').dropColumn('must_change_password').execute();
  },
};
