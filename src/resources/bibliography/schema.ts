import { z } from 'zod';
import { optionalText, type RecordMeta, requiredRef, requiredText, versionField } from '../../contract/common';
import { because } from '../../contract/field-codes';
import { isValidIsbn, normalizeIsbn } from '../../contract/isbn';
import { pageSchemaOf } from '../../contract/spec-schema';
import { BIBLIOGRAPHY_MIN_YEAR, bibliographyMaxYear, bibliographySpec } from './spec';

const year = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(BIBLIOGRAPHY_MIN_YEAR, `must be ${BIBLIOGRAPHY_MIN_YEAR} or later`)
    .refine((y) => y <= bibliographyMaxYear(), because('not_after_next_year', 'must not be after next year'))
    .optional(),
);

const isbn = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? normalizeIsbn(v) : v),
  z.string().refine(isValidIsbn, because('isbn', 'must be an ISBN-10 or ISBN-13 with a valid check digit')).optional(),
);

const bibliographyFields = {
  title: requiredText(1, 200),
  author: requiredText(1, 100),
  publisher: optionalText(100),
  year,
  isbn,
  notes: optionalText(2000),
};

export const bibliographyCreateSchema = z.strictObject(bibliographyFields);
export const bibliographyUpdateSchema = z.strictObject({
  ...bibliographyFields,
  id: requiredRef,
  version: versionField,
});

const yearFilter = z.number().int().min(0).max(9999).optional();
export const bibliographyPageSchema = pageSchemaOf(bibliographySpec, { yearFrom: yearFilter, yearTo: yearFilter });

export type Bibliography = RecordMeta & {
  title: string;
  author: string;
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  notes: string | null;
};
