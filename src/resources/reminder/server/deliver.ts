import type { JobRun } from '../../../server/jobs';
import type { Mailer } from '../../../server/mail/mailer';
import type { Services } from '../../../server/services';
import { makeReminders, strandedReminders } from './make';

export const DAILY_QUEUE = 'reminder.daily';
export const SEND_QUEUE = 'reminder.send';

/** A notice left `sending` this long (its process died mid-send) may be claimed again. */
const SENDING_STALE_MS = 10 * 60_000;

const announce = (services: Services, id: number, version: number, action: 'create' | 'update') =>
  void services.events.publishChange({ resource: 'reminder', id, version, action, actor: { id: 0, name: 'system' } });

/**
 * One delivery try: the notice is claimed (`queued` → `sending`, one UPDATE, so two jobs for one
 * notice never both send), sent through the SMTP server, then `sent`; a refusal or a network error
 * puts it back to `queued` with the error, for the queue's next try, or `failed` on the last.
 */
async function deliver(services: Services, mailer: Mailer, id: number, job: JobRun): Promise<void> {
  const at = () => services.now().toISOString();
  const stale = new Date(services.now().getTime() - SENDING_STALE_MS).toISOString();
  const claimed = await services.db
    .updateTable('reminder')
    .set((eb) => ({
      state: 'sending',
      attempts: eb('attempts', '+', 1),
      version: eb('version', '+', 1),
      updated_at: at(),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('updated_at', '<', stale)])]),
    )
    .returning(['id', 'email', 'subject', 'body', 'version'])
    .executeTakeFirst();
  if (!claimed) return; // sent, failed or given up already: nothing to do
  const settle = async (state: string, lastError: string | null, sentAt: string | null, undoTry = false) => {
    const row = await services.db
      .updateTable('reminder')
      .set((eb) => ({
        state,
        last_error: lastError,
        sent_at: sentAt,
        version: eb('version', '+', 1),
        updated_at: at(),
        ...(undoTry ? { attempts: eb('attempts', '-', 1) } : {}),
      }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    announce(services, id, row.version, 'update');
  };
  if (!mailer.enabled || !claimed.email) {
    // Mail was turned off (or the address removed by hand) after the notice was made.
    await settle(claimed.email ? 'mail_off' : 'no_address', claimed.email ? 'not sent: mail is off' : null, null, true);
    return;
  }
  try {
    await mailer.send({ to: claimed.email, subject: claimed.subject, text: claimed.body }, job.signal);
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    // Stopping: the queue runs this try again later without counting it; neither does the notice.
    if (job.signal.aborted) await settle('queued', why, null, true);
    else await settle(job.last ? 'failed' : 'queued', why, null);
    throw err;
  }
  await settle('sent', null, at());
}

/**
 * The reminders' two queues and the daily schedule: `reminder.daily` makes the day's notices
 * (make.ts) and queues one `reminder.send` per notice to deliver; `reminder.send` is tried
 * LECTERN_MAIL_ATTEMPTS times (default 3), LECTERN_MAIL_RETRY_SECONDS apart, doubling.
 */
export function defineReminderJobs(services: Services, mailer: Mailer): void {
  services.jobs.define<{ day?: string }>({
    queue: DAILY_QUEUE,
    attempts: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 600,
    concurrency: 1,
    run: async () => {
      const made = await makeReminders(services, mailer);
      for (const r of made) announce(services, r.id, 1, 'create');
      const deliver = [...made.filter((r) => r.state === 'queued'), ...(await strandedReminders(services))];
      for (const r of deliver) await services.jobs.send(SEND_QUEUE, { reminderId: r.id });
      services.log.info(`[reminders] ${made.length} notices made, ${deliver.length} to deliver`);
    },
    giveUp: async (_data, reason) => {
      services.log.error(`[reminders] the daily run failed: ${reason}`);
    },
  });
  services.jobs.define<{ reminderId: number }>({
    queue: SEND_QUEUE,
    attempts: mailer.config.attempts,
    retryDelaySeconds: mailer.config.retrySeconds,
    timeoutSeconds: 120,
    // A few notices a day: one at a time is plenty, and each worker is one more poller of the queue.
    concurrency: 1,
    run: (data, job) => deliver(services, mailer, data.reminderId, job),
    // Every try failed, or the last one's process died mid-send: the notice says so for good.
    giveUp: async (data, reason) => {
      const row = await services.db
        .updateTable('reminder')
        .set((eb) => ({
          state: 'failed',
          last_error: eb.fn.coalesce('last_error', eb.val(reason)),
          version: eb('version', '+', 1),
          updated_at: services.now().toISOString(),
        }))
        .where('id', '=', data.reminderId)
        .where('state', 'in', ['queued', 'sending'])
        .returning('version')
        .executeTakeFirst();
      if (row) announce(services, data.reminderId, row.version, 'update');
    },
  });
  services.jobs.daily({ queue: DAILY_QUEUE, hourUtc: mailer.config.remindersHourUtc });
}
