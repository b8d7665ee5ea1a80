import { requireRole } from '../../../server/auth/middleware';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { eq, specFilters } from '../../../server/crud/filters';
import { fromSpec, type RowOf, rowMeta } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { ok } from '../../../server/http/envelope';
import { Mailer } from '../../../server/mail/mailer';
import type { Services } from '../../../server/services';
import { type Reminder, type ReminderKind, type ReminderRun, type ReminderState, reminderPageSchema } from '../schema';
import { reminderSpec } from '../spec';
import { DAILY_QUEUE, defineReminderJobs } from './deliver';
import { reminderSeed } from './seed';

const select = (db: Db) => db.selectFrom('reminder').selectAll('reminder');
type ReminderRow = RowOf<typeof select>;

const toReminder = (r: ReminderRow): Reminder => ({
  id: r.id,
  applicationId: r.application_id,
  readerId: r.reader_id,
  bookId: r.book_id,
  kind: r.kind as ReminderKind,
  about: r.about,
  readerName: r.reader_name,
  bookTitle: r.book_title,
  email: r.email,
  language: r.language,
  subject: r.subject,
  body: r.body,
  state: r.state as ReminderState,
  attempts: r.attempts,
  lastError: r.last_error,
  sentAt: r.sent_at,
  ...rowMeta(r),
});

/**
 * `/reminder`: the outbox, read only (page, record, CSV export) for all staff; `POST /reminder/run`
 * (admin) queues the daily job now. The daily job and the deliveries are deliver.ts'.
 */
export function reminderServer(services: Services): DefinedResource {
  const mailer = new Mailer(services.config.mail);
  defineReminderJobs(services, mailer);
  const noun = defineResource(services, {
    ...fromSpec('reminder', reminderSpec, 'reminder'),
    schemas: { page: reminderPageSchema },
    operations: { create: false, update: false, delete: false },
    select,
    keywordColumns: ['reminder.reader_name', 'reminder.book_title', 'reminder.email', 'reminder.subject'],
    pageFromTable: true,
    filters: (p) => [...specFilters(reminderSpec.filters, p), ...eq('reminder.application_id', p.applicationId)],
    toApi: toReminder,
    toColumns: () => ({}),
    csvColumns: [
      'id',
      'createdAt',
      'kind',
      'state',
      'readerName',
      'email',
      'bookTitle',
      'about',
      'subject',
      'attempts',
      'lastError',
      'sentAt',
      'applicationId',
    ],
  });
  noun.app.post('/run', requireRole('admin'), async (c) => {
    const jobId = await services.jobs.send(DAILY_QUEUE, { day: services.now().toISOString().slice(0, 10) });
    return ok<ReminderRun>(c, { jobId });
  });
  return { ...noun, seed: reminderSeed };
}
