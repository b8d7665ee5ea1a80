import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty } from '../../../server/db/seed/parts';
import type { ReminderKind, ReminderState } from '../schema';
import { reminderText } from './texts';

const DAY = 86_400_000;
const KINDS: ReminderKind[] = ['due_soon', 'overdue', 'ready'];
/** Readers with an address; those without get `no_address`, as the daily job gives them. */
const STATES: ReminderState[] = ['sent', 'sent', 'failed', 'sent', 'mail_off'];

/**
 * A few days of the outbox: notices about the first 24 loans, of every kind and state, made on the
 * mornings of the last week. Drawn from no random stream (the parts after it keep their data).
 */
export const reminderSeed: DemoSeed = {
  after: ['application'],
  async run({ trx, now }) {
    if (!(await isEmpty(trx, 'reminder'))) return {};
    const loans = await trx
      .selectFrom('application')
      .innerJoin('reader', 'reader.id', 'application.reader_id')
      .innerJoin('book', 'book.id', 'application.book_id')
      .select([
        'application.id',
        'reader.id as reader_id',
        'reader.nick_name',
        'reader.email',
        'book.id as book_id',
        'book.title',
      ])
      .where('application.status', 'in', ['approved', 'ready'])
      .orderBy('application.id')
      .limit(24)
      .execute();
    const rows = loans.map((l, i) => {
      const kind = KINDS[i % KINDS.length] as ReminderKind;
      const made = new Date(now.getTime() - (i % 7) * DAY - 3 * 3_600_000).toISOString();
      const about = new Date(Date.parse(made) + (kind === 'overdue' ? -3 : 2) * DAY).toISOString();
      const state: ReminderState = l.email ? (STATES[i % STATES.length] as ReminderState) : 'no_address';
      const email = l.email || null;
      const { subject, body } = reminderText('en', kind, { reader: l.nick_name, title: l.title, date: about });
      return {
        application_id: l.id,
        reader_id: l.reader_id,
        book_id: l.book_id,
        kind,
        about,
        reader_name: l.nick_name,
        book_title: l.title,
        email,
        language: 'en',
        subject,
        body,
        state,
        attempts: state === 'failed' ? 3 : state === 'sent' ? 1 : 0,
        last_error:
          state === 'failed'
            ? '550 5.1.1 <reader@example.org>: Recipient address rejected'
            : state === 'mail_off'
              ? 'not sent: mail is off'
              : null,
        sent_at: state === 'sent' ? made : null,
        version: 1,
        created_at: made,
        updated_at: made,
      };
    });
    return { reminders: await insertAll(trx, 'reminder', rows) };
  },
};
