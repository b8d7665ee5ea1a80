import { z } from 'zod';
import { optionalText, optionalUrl, type RecordMeta, requiredText } from '../../contract/common';
import { optionalDateTime } from '../../contract/fields';
import { editSchemas, pageSchemaOf } from '../../contract/spec-schema';
import { NEWS_STATUSES, newsSpec } from './spec';

export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** Rich text limit, counted on the HTML the editor sends (before the server sanitises it). */
export const NEWS_CONTENT_MAX = 100_000;

const newsFields = {
  title: requiredText(1, 200),
  summary: optionalText(500),
  /** HTML; the server strips scripts, event handlers and javascript: URLs and returns the clean HTML. */
  content: z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(NEWS_CONTENT_MAX, `at most ${NEWS_CONTENT_MAX} characters`),
  coverUrl: optionalUrl,
  status: z.enum(NEWS_STATUSES, { error: 'must be draft or published' }),
  /** Set by the server when first published, if absent. */
  publishedAt: optionalDateTime,
};

export const { create: newsCreateSchema, update: newsUpdateSchema } = editSchemas(newsFields);

export const newsPageSchema = pageSchemaOf(newsSpec);

export type News = RecordMeta & {
  title: string;
  summary: string | null;
  content: string;
  coverUrl: string | null;
  status: NewsStatus;
  publishedAt: string | null;
};
