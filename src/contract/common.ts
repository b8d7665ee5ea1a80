import { z } from 'zod';
import { because } from './field-codes';
import { PAGE_SIZES } from './values';

export { PAGE_SIZES };

/** A positive integer id, from JSON or from a path segment. */
export const idSchema = z.coerce.number().int('must be an integer').positive('must be positive');

/** Fields every record carries (docs/api.md §4). */
export const recordMeta = {
  id: z.number().int().positive(),
  version: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export type RecordMeta = {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** Optional text: empty strings and null become undefined, so "cleared" and "absent" are one thing. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(max, `at most ${max} characters`).optional(),
  );

export const requiredText = (min: number, max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(min, min === 1 ? 'required' : `at least ${min} characters`)
    .max(max, `at most ${max} characters`);

export const sortOrder = z.enum(['asc', 'desc']);

/** The paging part of every `POST /{r}/page` body. Filters are added per resource. */
export const pageBase = {
  pageNum: z.number({ error: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1').default(1),
  pageSize: z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(10),
  keyword: z.string().trim().max(100, 'at most 100 characters').optional(),
  order: sortOrder.optional(),
};

/** Build a page request schema: `sort` must be one of the resource's sortable fields. */
export function pageRequest<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
) {
  return z.strictObject({
    ...pageBase,
    sort: z.enum(sortable, { error: `must be one of ${sortable.join(', ')}` }).optional(),
    ...filters,
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** An optional integer reference (a foreign key); null/'' mean "none". */
export const optionalRef = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.number({ error: 'must be a number' }).int('must be an integer').positive('must be positive').optional(),
);

export const requiredRef = z.number({ error: 'required' }).int('must be an integer').positive('required');

export const versionField = z.number({ error: 'required' }).int('must be an integer').nonnegative();

/** ISO date `YYYY-MM-DD`. */
export const optionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s), because('date', 'must be a date YYYY-MM-DD'))
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), because('real_date', 'must be a real date'))
    .optional(),
);

/** http(s) URL or a same-site path (`/files/...`). */
export const optionalUrl = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .max(500, 'at most 500 characters')
    .refine(
      (s) => /^https?:\/\/\S+$/i.test(s) || /^\/\S*$/.test(s),
      because('url_or_path', 'must be an http(s) URL or a path'),
    )
    .optional(),
);
