import { z } from 'zod';
import type { RecordMeta } from '../../contract/common';
import { pageSchemaOf } from '../../contract/spec-schema';
import { type REMINDER_KINDS, type REMINDER_STATES, reminderSpec } from './spec';

export type ReminderKind = (typeof REMINDER_KINDS)[number];
export type ReminderState = (typeof REMINDER_STATES)[number];

/**
 * `POST /reminder/page` (+ export): the outbox, newest first unless a sort is named.
 * `applicationId`: the notices about one loan or hold.
 */
export const reminderPageSchema = pageSchemaOf(reminderSpec, {
  applicationId: z.number().int().positive().optional(),
}).transform((req) => (req.sort ? req : { ...req, sort: 'createdAt', order: req.order ?? 'desc' }));

/** One notice, as made and (where it could be) sent. Read only: the daily job writes it. */
export type Reminder = RecordMeta & {
  applicationId: number;
  readerId: number;
  bookId: number;
  kind: ReminderKind;
  /** The due date (due soon, overdue) or the end of the pickup (ready) it is about. */
  about: string;
  readerName: string;
  bookTitle: string;
  /** Where it went; null: the reader had no address. */
  email: string | null;
  language: string;
  subject: string;
  body: string;
  state: ReminderState;
  /** Tries made so far. */
  attempts: number;
  /** The SMTP server's refusal or the network's error of the last failed try. */
  lastError: string | null;
  sentAt: string | null;
};

/** `POST /reminder/run` (admin): the daily job queued now. */
export interface ReminderRun {
  jobId: string;
}
