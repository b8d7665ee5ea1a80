import type { Kysely, Migration } from 'kysely';

/**
 * Security events in the audit trail (src/contract/security-events.ts): where a sign-in or a
 * session's end came from (the client address and its User-Agent, cut to 300 characters) and the
 * event's reason class (a failed sign-in's: unknown account, wrong password…). NULL on the record
 * changes written before and after, which have none of these.
 */
export const auditSecurityEvents: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['address', 'user_agent', 'reason'])
      await db.schema.alterTable('audit_log').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['reason', 'user_agent', 'address'])
      await db.schema.alterTable('audit_log').dropColumn(column).execute();
  },
};
