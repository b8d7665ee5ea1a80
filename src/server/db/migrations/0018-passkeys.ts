import type { Kysely, Migration } from 'kysely';

/**
 * Passkeys (docs/passkeys.md): the members' WebAuthn credentials, and the challenges of
 * ceremonies in progress (shared by every instance, so options from one and the answer to
 * another work). Passkeys go with their account (ON DELETE CASCADE); challenges are purged when
 * new ones are issued.
 */
export const passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_passkey')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('staff_passkey_staff_idx').on('staff_passkey').column('staff_id').execute();
    await db.schema
      .createTable('passkey_challenge')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('passkey_challenge_expires_idx').on('passkey_challenge').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('passkey_challenge').execute();
    await db.schema.dropTable('staff_passkey').execute();
  },
};
