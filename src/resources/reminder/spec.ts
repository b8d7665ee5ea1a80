import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';

/** What a notice is about: a loan due within the policy's days, a loan past due, a hold ready for pickup. */
export const REMINDER_KINDS = ['due_soon', 'overdue', 'ready'] as const;

/**
 * Where a notice is: waiting for (or between) tries, being sent, sent, failed after its last try, not sent
 * because the reader has no address, not sent because mail is off (LECTERN_SMTP_URL unset).
 */
export const REMINDER_STATES = ['queued', 'sending', 'sent', 'failed', 'no_address', 'mail_off'] as const;

/** The outbox of notices to readers (docs/reminders.md): read, filtered and exported by staff. */
export const reminderSpec = defineSpec({
  api: 'reminder',
  roles: 'everyone',
  menu: { screen: '/users/reminder', icon: 'email', order: 24 },
  sorts: ['id', 'createdAt', 'about', 'kind', 'state', 'readerName', 'bookTitle'],
  filters: {
    kind: enumFilter(REMINDER_KINDS, 'reminder.kind'),
    state: enumFilter(REMINDER_STATES, 'reminder.state'),
    created: dayRange('reminder', 'created'),
  },
});
