import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * The staff's second factor (docs/accounts.md, "Two-step sign-in"):
 *
 * - `staff_totp`: one authenticator app per member. `confirmed_at` is NULL while an enrolment waits
 *   for its first code (such a row is not a factor); `last_step` is the last accepted 30-second
 *   step, so a code is accepted once (ASVS 6.5.1).
 * - `staff_recovery_code`: ten single-use codes per member, only their scrypt hashes (ASVS 6.5.2:
 *   fewer than 112 bits, so a salted password hash, not a plain one); `used_at` once used.
 * - `session.reauth_at`: when the member last proved it is them again in this session (POST
 *   /auth/reauth): what the step-up check of sign-in changes reads besides the session's start.
 */
const idColumn = (dialect: DialectKind) => (c: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

export const secondFactor = (dialect: DialectKind): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('staff_totp')
      .addColumn('staff_id', 'integer', (c) => c.primaryKey().references('staff.id').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('last_step', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .execute();
    await db.schema
      .createTable('staff_recovery_code')
      .addColumn('id', 'integer', id)
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('staff_recovery_code_staff_idx').on('staff_recovery_code').column('staff_id').execute();
    await db.schema.alterTable('session').addColumn('reauth_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('session').dropColumn('reauth_at').execute();
    await db.schema.dropTable('staff_recovery_code').execute();
    await db.schema.dropTable('staff_totp').execute();
  },
});
