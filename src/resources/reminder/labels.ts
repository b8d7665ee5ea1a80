import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/** What staff call the outbox and the fields of a notice (columns, export, Home, the audit filter). */
export const reminderLabels: NounLabels = {
  name: msg`Reminders`,
  fields: {
    applicationId: msg`Application`,
    readerId: msg`Reader ID`,
    bookId: msg`Book ID`,
    language: msg`Language`,
    kind: msg`Kind`,
    state: msg`State`,
    readerName: msg`Reader`,
    email: msg`Email`,
    bookTitle: msg`Book`,
    about: msg`Date`,
    subject: msg`Subject`,
    body: msg`Text`,
    attempts: msg`Tries`,
    lastError: msg`Last error`,
    sentAt: msg`Sent at`,
  },
};
