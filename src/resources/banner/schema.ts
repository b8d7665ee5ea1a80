import { z } from 'zod';
import { type RecordMeta, requiredText } from '../../contract/common';
import { optionalLinkUrl, requiredUrl, sortNumber } from '../../contract/fields';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { bannerSpec } from './spec';

const bannerFields = {
  title: requiredText(1, 100),
  imageUrl: requiredUrl,
  /** http, https, mailto or tel only. */
  linkUrl: optionalLinkUrl,
  sort: sortNumber,
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
};

export const { create: bannerCreateSchema, update: bannerUpdateSchema } = editSchemas(bannerFields);

export const bannerPageSchema = pageSchemaOf(bannerSpec);

export type Banner = RecordMeta & {
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  sort: number;
  enabled: boolean;
};
