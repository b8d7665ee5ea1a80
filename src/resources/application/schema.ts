import { z } from 'zod';
import { optionalText, type RecordMeta, requiredRef, versionField } from '../../contract/common';
import { pageSchemaOf } from '../../contract/spec-schema';
import { APPLICATION_STATUSES, APPLICATION_TRANSITIONS, applicationSpec } from './spec';

/** `apply`: borrow requests from the site's readers; the console approves them (docs/api.md §4). */
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const canTransition = (from: ApplicationStatus, to: ApplicationStatus): boolean =>
  APPLICATION_TRANSITIONS[from].includes(to);

/** Created with status `pending`; userId must be an existing reader, bookId an existing book. */
export const applicationCreateSchema = z.strictObject({
  userId: requiredRef,
  bookId: requiredRef,
  remark: optionalText(500),
});

/**
 * `PUT /apply`: a status change (and remark); the other fields cannot be edited. `dueAt` (an
 * addition) sets the due date of the loan an approval starts instead of the loan period's.
 */
export const applicationUpdateSchema = z.strictObject({
  id: requiredRef,
  version: versionField,
  status: z.enum(APPLICATION_STATUSES, { error: `must be one of ${APPLICATION_STATUSES.join(', ')}` }),
  remark: optionalText(500),
  dueAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
});

/** `POST /apply/renew`: one more loan period for an approved loan, read at `version`. */
export const applicationRenewSchema = z.strictObject({ id: requiredRef, version: versionField });

/** `overdue`: approved loans whose due date has passed (true), or every other row (false). */
export const applicationPageSchema = pageSchemaOf(applicationSpec, {
  overdue: z.boolean({ error: 'must be true or false' }).optional(),
});

export type Application = RecordMeta & {
  userId: number;
  /** Joined: the reader's nickName. */
  nickName: string | null;
  bookId: number;
  /** Joined: the book's title and its current stock. */
  bookTitle: string | null;
  bookStock: number | null;
  status: ApplicationStatus;
  remark: string | null;
  /** The staff member who last changed the status (name), and their id. */
  handledBy: string | null;
  handledById: number | null;
  handledAt: string | null;
  /** The loan (additions): when it went out, is due back, came back; null before loans had dates. */
  approvedAt: string | null;
  dueAt: string | null;
  returnedAt: string | null;
  /** Times the loan was renewed. */
  renewals: number;
  /** A `ready` hold keeps its copy until then. */
  readyUntil: string | null;
  /** An `on_hold` request's place in its book's queue (1: next); null otherwise. */
  holdPosition: number | null;
};
