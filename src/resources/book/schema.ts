import { z } from 'zod';
import { nonEmpty } from '../../contract/batch';
import {
  optionalDate,
  optionalRef,
  optionalText,
  optionalUrl,
  type RecordMeta,
  requiredRef,
  requiredText,
} from '../../contract/common';
import { because } from '../../contract/field-codes';
import { isValidIsbn, normalizeIsbn, toIsbn13 } from '../../contract/isbn';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { BOOK_STATUSES, bookSpec } from './spec';

export type BookStatus = (typeof BOOK_STATUSES)[number];

/** Stored as ISBN-13 (an ISBN-10 is converted), so one book cannot be entered twice in two forms. */
const isbn = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? normalizeIsbn(v) : v),
  z
    .string()
    .refine(isValidIsbn, because('isbn', 'must be an ISBN-10 or ISBN-13 with a valid check digit'))
    .transform(toIsbn13)
    .optional(),
);

const bookFields = {
  title: requiredText(1, 200),
  author: requiredText(1, 100),
  isbn,
  publisher: optionalText(100),
  publishDate: optionalDate,
  categoryId: requiredRef,
  subclassId: optionalRef,
  coverUrl: optionalUrl,
  summary: optionalText(5000),
  stock: z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'at most 1000000'),
  status: z.enum(BOOK_STATUSES, { error: 'must be on_shelf or off_shelf' }),
};

export const { create: bookCreateSchema, update: bookUpdateSchema } = editSchemas(bookFields);

export const bookPageSchema = pageSchemaOf(bookSpec);

export type Book = RecordMeta & {
  title: string;
  author: string;
  isbn: string | null;
  publisher: string | null;
  publishDate: string | null;
  categoryId: number;
  /** Joined for display. */
  categoryName: string | null;
  subclassId: number | null;
  subclassName: string | null;
  coverUrl: string | null;
  summary: string | null;
  stock: number;
  status: BookStatus;
};

/** Books: status, category and subclass (a category without a subclass clears the subclass). */
export const bookBatchSetSchema = z
  .strictObject({
    status: z.enum(BOOK_STATUSES, { error: 'must be on_shelf or off_shelf' }).optional(),
    categoryId: requiredRef.optional(),
    subclassId: z.union([requiredRef, z.null()]).optional(),
  })
  .refine(nonEmpty, because('batch_fields', 'choose at least one field'))
  .refine((s) => s.subclassId === undefined || s.subclassId === null || s.categoryId !== undefined, {
    ...because('batch_category', 'set the category too'),
    path: ['subclassId'],
  });
