import { z } from 'zod';
import { optionalText, type RecordMeta, requiredRef, versionField } from '../../contract/common';
import { pageSchemaOf } from '../../contract/spec-schema';
import { APPLY_SORTS, APPLY_STATUSES, APPLY_TRANSITIONS } from '../../contract/values';
import { applicationSpec } from './spec';

export { APPLY_SORTS, APPLY_STATUSES, APPLY_TRANSITIONS };

/** `apply`: borrow requests from the site's readers; the console approves them (docs/api.md §4). */
export type ApplyStatus = (typeof APPLY_STATUSES)[number];

export const canTransition = (from: ApplyStatus, to: ApplyStatus): boolean => APPLY_TRANSITIONS[from].includes(to);

/** Created with status `pending`; userId must be an existing reader, bookId an existing book. */
export const applyCreateSchema = z.strictObject({
  userId: requiredRef,
  bookId: requiredRef,
  remark: optionalText(500),
});

/** `PUT /apply`: a status change (and remark); the other fields cannot be edited. */
export const applyUpdateSchema = z.strictObject({
  id: requiredRef,
  version: versionField,
  status: z.enum(APPLY_STATUSES, { error: `must be one of ${APPLY_STATUSES.join(', ')}` }),
  remark: optionalText(500),
});

export const applyPageSchema = pageSchemaOf(applicationSpec);

export type Apply = RecordMeta & {
  userId: number;
  /** Joined: the reader's nickName. */
  nickName: string | null;
  bookId: number;
  /** Joined: the book's title and its current stock. */
  bookTitle: string | null;
  bookStock: number | null;
  status: ApplyStatus;
  remark: string | null;
  /** The staff member who last changed the status (name), and their id. */
  handledBy: string | null;
  handledById: number | null;
  handledAt: string | null;
};
