import { z } from 'zod';
import { PAGE_SIZES } from '../../contract/common';

/**
 * The list state every resource screen keeps in the URL (so back/forward and reload keep it), and
 * the `POST /{r}/page` body derived from it. Pure: no router, no DOM.
 */
export type SortOrder = 'asc' | 'desc';
export type FilterValue = string | number | boolean | undefined;

export interface ListSearch {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  sort?: string;
  order?: SortOrder;
  [filter: string]: FilterValue;
}

export const LIST_DEFAULTS = { pageNum: 1, pageSize: PAGE_SIZES[0] } as const;

// A hand-edited or stale URL must still open the screen: every field falls back instead of failing.
// `.default` also makes the key optional for links and redirects (TanStack reads the input type).
const pageNum = z.coerce.number().int().min(1).default(LIST_DEFAULTS.pageNum).catch(LIST_DEFAULTS.pageNum);
const pageSize = z.coerce
  .number()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .default(LIST_DEFAULTS.pageSize)
  .catch(LIST_DEFAULTS.pageSize);
const keyword = z.coerce.string().trim().max(100).optional().catch(undefined);

/** A filter holding a record id (category, subclass). */
export const idFilter = z.coerce.number().int().positive().optional().catch(undefined);

/** A yes/no filter (a banner's `enabled`); the page body gets a real boolean, as the contract wants. */
export const boolFilter = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional())
  .catch(undefined);

/** A filter holding one of an enum's values (status). */
export const enumFilter = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values).optional().catch(undefined);

/** The route's `validateSearch` for a resource list. */
export function listSearchSchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) {
  return z.object({
    pageNum,
    pageSize,
    keyword,
    sort: z.enum(sorts).optional().catch(undefined),
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
    ...filters,
  });
}

/** Column header clicks cycle asc → desc → none; another column starts at asc. */
export function nextSort(
  current: Pick<ListSearch, 'sort' | 'order'>,
  field: string,
): Pick<ListSearch, 'sort' | 'order'> {
  if (current.sort !== field) return { sort: field, order: 'asc' };
  if (current.order !== 'desc') return { sort: field, order: 'desc' };
  return { sort: undefined, order: undefined };
}

export function ariaSort(current: Pick<ListSearch, 'sort' | 'order'>, field: string) {
  if (current.sort !== field) return 'none' as const;
  return current.order === 'desc' ? ('descending' as const) : ('ascending' as const);
}

/**
 * The page request body: only the paging keys and the resource's own filters (the server's schema
 * is strict, and a stray URL parameter must not turn into a 400), no empty values.
 */
export function toPageBody(search: Partial<ListSearch>, filterNames: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    pageNum: search.pageNum ?? LIST_DEFAULTS.pageNum,
    pageSize: search.pageSize ?? LIST_DEFAULTS.pageSize,
  };
  const keyword = search.keyword?.trim();
  if (keyword) body.keyword = keyword;
  if (search.sort) {
    body.sort = search.sort;
    body.order = search.order ?? 'asc';
  }
  for (const name of filterNames) {
    const value = search[name];
    if (value !== undefined && value !== '') body[name] = value;
  }
  return body;
}

/**
 * The patch for a change of keyword, filter, sort or page size: anything that changes which rows
 * match starts again at page 1.
 */
export function withFirstPage(patch: Partial<ListSearch>): Partial<ListSearch> {
  return { ...patch, pageNum: LIST_DEFAULTS.pageNum };
}

/** The last page that has rows, for when deletes empty the current one. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
