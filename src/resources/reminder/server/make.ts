import type { Mailer } from '../../../server/mail/mailer';
import type { Services } from '../../../server/services';
import type { ReminderKind, ReminderState } from '../schema';
import { reminderText } from './texts';

const DAY_MS = 86_400_000;

/** A notice the run added: to be delivered when `queued`. */
export interface MadeReminder {
  id: number;
  state: ReminderState;
}

/**
 * What the loans and holds call for now, as outbox rows (docs/reminders.md):
 * - a loan (`approved`, not returned) due within `loan_policy.remind_days_before` days: due soon;
 * - a loan whose due date has passed: overdue, once per due date (a renewal is a new due date);
 * - a hold `ready` for pickup whose `ready_until` has not passed: ready.
 * A notice exists once per application, kind and date (the unique index), so running again the
 * same day, or every day of the window, adds nothing. A reader without an address gets a row in
 * state `no_address`; with mail off, `mail_off`; otherwise `queued`, for the delivery job.
 */
export async function makeReminders(services: Services, mailer: Mailer): Promise<MadeReminder[]> {
  const now = services.now();
  const at = now.toISOString();
  const policy = await services.db
    .selectFrom('loan_policy')
    .select('remind_days_before')
    .where('id', '=', 1)
    .executeTakeFirst();
  const horizon = new Date(now.getTime() + (policy?.remind_days_before ?? 2) * DAY_MS).toISOString();
  const rows = await services.db
    .selectFrom('application')
    .innerJoin('reader', 'reader.id', 'application.reader_id')
    .innerJoin('book', 'book.id', 'application.book_id')
    .select([
      'application.id',
      'application.status',
      'application.due_at',
      'application.ready_until',
      'reader.id as reader_id',
      'reader.nick_name',
      'reader.email',
      'book.id as book_id',
      'book.title',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('application.status', '=', 'approved'),
          eb('application.returned_at', 'is', null),
          eb('application.due_at', 'is not', null),
          eb('application.due_at', '<=', horizon),
        ]),
        eb.and([
          eb('application.status', '=', 'ready'),
          eb('application.ready_until', 'is not', null),
          eb('application.ready_until', '>=', at),
        ]),
      ]),
    )
    .orderBy('application.id')
    .execute();

  const language = mailer.config.language;
  const made: MadeReminder[] = [];
  for (const r of rows) {
    const about = (r.status === 'ready' ? r.ready_until : r.due_at) as string;
    const kind: ReminderKind =
      r.status === 'ready' ? 'ready' : Date.parse(about) < now.getTime() ? 'overdue' : 'due_soon';
    const email = r.email?.trim() || null;
    const state: ReminderState = !email ? 'no_address' : mailer.enabled ? 'queued' : 'mail_off';
    const { subject, body } = reminderText(language, kind, { reader: r.nick_name, title: r.title, date: about });
    const inserted = await services.db
      .insertInto('reminder')
      .values({
        application_id: r.id,
        reader_id: r.reader_id,
        book_id: r.book_id,
        kind,
        about,
        reader_name: r.nick_name,
        book_title: r.title,
        email,
        language,
        subject,
        body,
        state,
        last_error: state === 'mail_off' ? 'not sent: mail is off' : null,
        sent_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['application_id', 'kind', 'about']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) made.push({ id: inserted.id, state });
  }
  return made;
}

/**
 * Notices made over an hour ago and never tried: a run that stopped between making them and
 * queueing their delivery. Queued again by the next run (a delivery finding its notice already
 * sent does nothing, so a second job for one notice sends nothing twice).
 */
export const strandedReminders = (services: Services) =>
  services.db
    .selectFrom('reminder')
    .select('id')
    .where('state', '=', 'queued')
    .where('attempts', '=', 0)
    .where('created_at', '<', new Date(services.now().getTime() - 3_600_000).toISOString())
    .orderBy('id')
    .execute();
