import { z } from 'zod';
import { optionalText, type RecordMeta, requiredText } from '../../contract/common';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { categorySpec } from './spec';

export type { CategoryOption, SubclassOption } from '../../contract/options';

const categoryFields = {
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
  description: optionalText(500),
  /** This category's loan period in days; absent or null: the loan policy's. */
  loanDays: z.preprocess(
    (v) => (v === '' ? null : v),
    z.number({ error: 'must be a number' }).int('must be an integer').min(1).max(365).nullable().optional(),
  ),
};
export const { create: categoryCreateSchema, update: categoryUpdateSchema } = editSchemas(categoryFields);
export const categoryPageSchema = pageSchemaOf(categorySpec);
export type Category = RecordMeta & {
  name: string;
  sort: number;
  description?: string | null;
  loanDays?: number | null;
};
