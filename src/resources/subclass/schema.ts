import { z } from 'zod';
import { type RecordMeta, requiredRef, requiredText } from '../../contract/common';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { subclassSpec } from './spec';

export type { SubclassOption } from '../../contract/options';

const subclassFields = {
  categoryId: requiredRef,
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
};
export const { create: subclassCreateSchema, update: subclassUpdateSchema } = editSchemas(subclassFields);
export const subclassPageSchema = pageSchemaOf(subclassSpec);
export type Subclass = RecordMeta & {
  categoryId: number;
  /** Joined for display; ignored when sent back. */
  categoryName?: string | null;
  name: string;
  sort: number;
};
