import { z } from 'zod';
import { optionalText, pageRequest, type RecordMeta, requiredText } from '../../contract/common';
import { checkRanges } from '../../contract/range';
import { editSchemas, pageFilters } from '../../contract/spec-schema';
import { ONLINE_SORTS, ONLINE_STATUSES } from '../../contract/values';
import { messageSpec } from './spec';

export { ONLINE_SORTS, ONLINE_STATUSES };

/** `online`: messages readers leave on the site; staff read and reply. */
export type OnlineStatus = (typeof ONLINE_STATUSES)[number];

const onlineFields = {
  readerName: requiredText(1, 50),
  contact: optionalText(100),
  content: requiredText(1, 2000),
  /** A non-empty reply makes the status `replied`, whatever was sent. */
  reply: optionalText(2000),
  status: z.enum(ONLINE_STATUSES, { error: 'must be unread, read or replied' }).default('unread'),
};

export const { create: onlineCreateSchema, update: onlineUpdateSchema } = editSchemas(onlineFields);

/**
 * `readerId`: the messages a reader left. A message names its writer in free text, so it counts as
 * theirs when that name is the reader's nickname or its contact is their phone or email.
 */
export const onlinePageSchema = pageRequest(ONLINE_SORTS, {
  ...pageFilters(messageSpec.filters),
  readerId: z.number().int().positive().optional(),
}).superRefine(checkRanges(messageSpec.filters));

export type Online = RecordMeta & {
  readerName: string;
  contact: string | null;
  content: string;
  reply: string | null;
  status: OnlineStatus;
};
export type OnlineMessage = Online;
