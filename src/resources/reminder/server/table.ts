import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

/** The outbox of notices to readers (migration 0019-reminders; docs/reminders.md). */
export interface ReminderTable extends Versioned {
  id: Generated<number>;
  application_id: number;
  reader_id: number;
  book_id: number;
  /** 'due_soon' | 'overdue' | 'ready'. */
  kind: string;
  /** The due date or `ready_until` the notice is about, as the application held it. */
  about: string;
  reader_name: string;
  book_title: string;
  /** The address it went (or goes) to; null: the reader has none. */
  email: string | null;
  language: string;
  subject: string;
  body: string;
  /** 'queued' | 'sent' | 'failed' | 'no_address' | 'mail_off'. */
  state: string;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: string | null;
}
