import { z } from 'zod';
import { nonEmpty } from '../../contract/batch';
import { optionalText, type RecordMeta, requiredText } from '../../contract/common';
import { because } from '../../contract/field-codes';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { MESSAGE_DEFAULT_SORT, MESSAGE_STATUSES, messageSpec } from './spec';

/** `online`: messages readers leave on the site; staff read and reply. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const messageFields = {
  readerName: requiredText(1, 50),
  contact: optionalText(100),
  content: requiredText(1, 2000),
  /** A non-empty reply makes the status `replied`, whatever was sent. */
  reply: optionalText(2000),
  status: z.enum(MESSAGE_STATUSES, { error: 'must be unread, read or replied' }).default('unread'),
};

export const { create: messageCreateSchema, update: messageUpdateSchema } = editSchemas(messageFields);

/**
 * `readerId`: the messages a reader left. A message names its writer in free text, so it counts as
 * theirs when that name is the reader's nickname or its contact is their phone or email. It comes
 * after the spec's filters (the order field errors are listed in); safeExtend keeps the range check.
 * Without a sort, MESSAGE_DEFAULT_SORT (the contract leaves the default to each resource).
 */
export const messagePageSchema = pageSchemaOf(messageSpec)
  .safeExtend({
    readerId: z.number().int().positive().optional(),
  })
  // No sort named: newest received first (an `order` alone keeps its direction on that time).
  .transform((req) =>
    req.sort ? req : { ...req, sort: MESSAGE_DEFAULT_SORT.sort, order: req.order ?? MESSAGE_DEFAULT_SORT.order },
  );

export type Message = RecordMeta & {
  readerName: string;
  contact: string | null;
  content: string;
  reply: string | null;
  status: MessageStatus;
};

/** Messages: mark read or unread (a replied message stays replied). */
export const messageBatchSetSchema = z
  .strictObject({
    status: z.enum(['unread', 'read'], { error: 'must be unread or read' }),
  })
  .refine(nonEmpty, because('batch_fields', 'choose at least one field'));
