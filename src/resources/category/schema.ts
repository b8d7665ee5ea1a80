import { z } from 'zod';
import { optionalText, pageRequest, type RecordMeta, requiredText } from '../../contract/common';
import { editSchemas } from '../../contract/spec-schema';
import { CATEGORY_SORTS } from './spec';

export type { CategoryOption, SubclassOption } from '../../contract/options';

const categoryFields = {
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
  description: optionalText(500),
};
export const { create: categoryCreateSchema, update: categoryUpdateSchema } = editSchemas(categoryFields);
export const categoryPageSchema = pageRequest(CATEGORY_SORTS, {});
export type Category = RecordMeta & { name: string; sort: number; description?: string | null };
