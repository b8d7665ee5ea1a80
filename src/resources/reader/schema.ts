import { z } from 'zod';
import { PHONE_RE } from '../../contract/auth';
import { nonEmpty } from '../../contract/batch';
import { optionalUrl, type RecordMeta, requiredText } from '../../contract/common';
import { because } from '../../contract/field-codes';
import { optionalEmail } from '../../contract/fields';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { GENDERS, READER_STATUSES, readerSpec } from './spec';

/** `users`: the reading site's readers (not staff: that is `user`, resources/staff/). */
export type ReaderStatus = (typeof READER_STATUSES)[number];
export type Gender = (typeof GENDERS)[number];

const readerFields = {
  nickName: requiredText(1, 50),
  /** Unique among readers. */
  phone: z
    .string({ error: 'required' })
    .trim()
    .refine((s) => PHONE_RE.test(s), because('phone', 'must be a phone number')),
  email: optionalEmail,
  gender: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(GENDERS, { error: 'must be male, female or other' }).optional(),
  ),
  status: z.enum(READER_STATUSES, { error: 'must be active or disabled' }),
  avatarUrl: optionalUrl,
};

export const { create: readerCreateSchema, update: readerUpdateSchema } = editSchemas(readerFields);

export const readerPageSchema = pageSchemaOf(readerSpec);

export type Reader = RecordMeta & {
  nickName: string;
  phone: string;
  email: string | null;
  gender: Gender | null;
  status: ReaderStatus;
  avatarUrl: string | null;
};

export const readerBatchSetSchema = z
  .strictObject({ status: z.enum(READER_STATUSES, { error: 'must be active or disabled' }).optional() })
  .refine(nonEmpty, because('batch_fields', 'choose at least one field'));
