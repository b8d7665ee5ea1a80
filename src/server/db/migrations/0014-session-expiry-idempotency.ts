import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** What LECTERN_SESSION_MAX_HOURS defaults to; sessions from before this migration get it. */
const DEFAULT_MAX_MS = 720 * 3_600_000;

/**
 * Sessions end (ASVS 5.0 7.3.2): each session gets an absolute expiry, `expires_at`, set at sign-in from
 * LECTERN_SESSION_MAX_HOURS and checked with the idle limit on every request. Sessions from
 * before it get their sign-in time plus the default (30 days), computed here rather than in SQL,
 * which differs between the engines for date arithmetic; the table holds a few rows per member.
 *
 * `idempotency_key`: one row per member and `Idempotency-Key` of a write (http/idempotency.ts): the
 * request it was first used for and, once that finished, its answer, replayed for a retry of the
 * same key. No foreign key, like the audit trail; rows older than a day are purged.
 */
export const sessionExpiryIdempotency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('session')
      .addColumn('expires_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const existing = await sql<{ token_hash: string; created_at: string }>`
        select token_hash, created_at from session`.execute(db);
    for (const row of existing.rows) {
      const at = Date.parse(row.created_at);
      const expires = new Date((Number.isNaN(at) ? Date.now() : at) + DEFAULT_MAX_MS).toISOString();
      await sql`update session set expires_at = ${expires} where token_hash = ${row.token_hash}`.execute(db);
    }

    await db.schema
      .createTable('idempotency_key')
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('idem_key', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      // NULL while the first request runs; then its answer.
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_key_pk', ['staff_id', 'idem_key'])
      .execute();
    await db.schema.createIndex('idempotency_key_created_at_idx').on('idempotency_key').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_key').execute();
    await db.schema.alterTable('session').dropColumn('expires_at').execute();
  },
};
