import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { type DialectKind, indexDdl } from '../dialect';

/**
 * Reminders (docs/reminders.md): the outbox of notices to readers, and the daily schedules of the
 * job queue.
 *
 * - `reminder`: one row per notice, made by the daily job from the loans and holds of
 *   `application` (0016-loans). `about` is the due date (due soon, overdue) or the `ready_until`
 *   (ready for pickup) the notice was about, as the application held it: unique with the
 *   application and the kind, so a second run of the day (or of the week) adds nothing, while a
 *   renewal (a new due date) earns its own notices. The reader, the address, the language, the
 *   subject and the text are kept as sent: the outbox shows what went out, even after the reader
 *   changed address.
 * - `job_schedule`: one row per daily job (`reminder.daily`), the day it last ran; the instance
 *   whose update moves that day on runs it, so several instances run it once a day.
 */
export function reminders(dialect: DialectKind): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminder')
        .addColumn('id', 'integer', id)
        // No foreign keys: the outbox is a record of what was sent and outlives its subjects.
        .addColumn('application_id', 'integer', (c) => c.notNull())
        .addColumn('reader_id', 'integer', (c) => c.notNull())
        .addColumn('book_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('about', 'text', (c) => c.notNull())
        .addColumn('reader_name', 'text', (c) => c.notNull())
        .addColumn('book_title', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await indexDdl(
        dialect,
        'reminder_application_id_kind_about_uq',
        'reminder',
        ['application_id', 'kind', 'about'],
        true,
      ).execute(db);
      await indexDdl(dialect, 'reminder_state_idx', 'reminder', ['state'], false).execute(db);
      await indexDdl(dialect, 'reminder_created_at_idx', 'reminder', ['created_at'], false).execute(db);

      await db.schema
        .createTable('job_schedule')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_day', 'text')
        .addColumn('last_run_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_schedule').execute();
      await db.schema.dropTable('reminder').execute();
    },
  };
}
