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

/** `PUT /apply`: a status change (and remark); the other fields cannot be edited. */
export const applicationUpdateSchema = z.strictObject({
  id: requiredRef,
  version: versionField,
  status: z.enum(APPLICATION_STATUSES, { error: `must be one of ${APPLICATION_STATUSES.join(', ')}` }),
  remark: optionalText(500),
});

export const applicationPageSchema = pageSchemaOf(applicationSpec);

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
};
