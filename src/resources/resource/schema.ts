import { z } from 'zod';
import { optionalRef, optionalText, type RecordMeta, requiredText } from '../../contract/common';
import { requiredUrl } from '../../contract/fields';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { RESOURCE_TYPES, resourceSpec } from './spec';

export type ResourceType = (typeof RESOURCE_TYPES)[number];

const resourceFields = {
  title: requiredText(1, 200),
  type: z.enum(RESOURCE_TYPES, { error: `must be one of ${RESOURCE_TYPES.join(', ')}` }),
  url: requiredUrl,
  description: optionalText(2000),
  /** Must be an existing category when set. */
  categoryId: optionalRef,
};

export const { create: resourceCreateSchema, update: resourceUpdateSchema } = editSchemas(resourceFields);

export const resourcePageSchema = pageSchemaOf(resourceSpec);

export type Resource = RecordMeta & {
  title: string;
  type: ResourceType;
  url: string;
  description: string | null;
  categoryId: number | null;
  /** Joined for display. */
  categoryName: string | null;
};
