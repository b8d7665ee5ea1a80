import type { Kysely, Migration } from 'kysely';

/** The audit page filters by record id alone too; (resource, record_id) only serves it with a resource. */
export const auditRecordIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('audit_log_record_id_idx').on('audit_log').column('record_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_log_record_id_idx').execute();
  },
};
