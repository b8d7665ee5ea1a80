import type { SearchSchemaInput } from '@tanstack/react-router';
import { rangeInverted } from '../../../contract/range';
import type { RangeSpec } from '../../../contract/resource-spec';
import { PAGE_SIZES } from '../../../contract/values';

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

/** Reads one URL parameter; `undefined` = absent or not valid (a filter is then simply off). */
export type SearchParser<T> = (value: unknown) => T | undefined;

const asNumber = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;

/** A filter holding a record id (category, subclass). */
export const idFilter: SearchParser<number> = (v) => {
  const n = asNumber(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** A yes/no filter (a banner's `enabled`); the page body gets a real boolean, as the contract wants. */
export const boolFilter: SearchParser<boolean> = (v) =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

/** A filter holding one of an enum's values (status). */
export const enumFilter =
  <const V extends readonly string[]>(values: V): SearchParser<V[number]> =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : undefined;

/** Free text of 1 to `max` characters, trimmed. */
export const textFilter =
  (max: number): SearchParser<string> =>
  (v) => {
    if (typeof v !== 'string' && typeof v !== 'number') return undefined;
    const text = String(v).trim();
    return text.length >= 1 && text.length <= max ? text : undefined;
  };

/** A calendar day, YYYY-MM-DD, that exists (no 31 February). */
export const dayFilter: SearchParser<string> = (v) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? v : undefined;
};

/** A whole-number bound of a range (stock from 0 to 5). */
export const numberFilter: SearchParser<number> = (v) => {
  const n = asNumber(v);
  return Number.isSafeInteger(n) ? n : undefined;
};

/**
 * The parameters a list sends in its page body, in order. `dayBounds`: the date range bounds among
 * them, which the URL keeps as the user's calendar days and the body sends as instants.
 */
export type FilterNames = readonly string[] & { dayBounds?: Readonly<Record<string, 'lower' | 'upper'>> };

/**
 * A day as the instant it starts (lower) or its last millisecond (upper) in this browser's time
 * zone, so "to 3 May" takes in all of 3 May where the user is. Date's local constructor keeps
 * daylight-saving days right (23 or 25 hours).
 */
export function dayInstant(day: string, bound: 'lower' | 'upper'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = bound === 'lower' ? new Date(y, m - 1, d).getTime() : new Date(y, m - 1, d + 1).getTime() - 1;
  return new Date(at).toISOString();
}

type Parsed<F extends Record<string, SearchParser<unknown>>> = {
  [K in keyof F]?: Exclude<ReturnType<F[K]>, undefined>;
};

export type ListSearchOf<S extends readonly string[], F extends Record<string, SearchParser<unknown>>> = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  sort?: S[number];
  order?: SortOrder;
} & Parsed<F>;

/**
 * The route's `validateSearch` for a resource list. A hand-edited or stale URL must still open the
 * screen, so it never throws: every field falls back instead (page 1, the first page size, no
 * filter). Plain functions rather than zod keep the validation off the sign-in page's bundle
 * (every route's `validateSearch` is part of the route tree); links may leave any key out.
 */
export function listSearchSchema<
  const S extends readonly string[],
  F extends Record<string, SearchParser<unknown>> = Record<never, SearchParser<unknown>>,
>(sorts: S, filters: F = {} as F, ranges: readonly Pick<RangeSpec, 'kind' | 'params'>[] = []) {
  const validate = (input: Partial<ListSearchOf<S, F>> & SearchSchemaInput): ListSearchOf<S, F> => {
    const raw = input as Record<string, unknown>;
    const pageNum = asNumber(raw.pageNum);
    const pageSize = asNumber(raw.pageSize);
    const out: Record<string, unknown> = {
      pageNum: Number.isSafeInteger(pageNum) && pageNum >= 1 ? pageNum : LIST_DEFAULTS.pageNum,
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : LIST_DEFAULTS.pageSize,
    };
    if (typeof raw.keyword === 'string' || typeof raw.keyword === 'number') {
      const keyword = String(raw.keyword).trim();
      if (keyword.length <= 100) out.keyword = keyword;
    }
    if (typeof raw.sort === 'string' && sorts.includes(raw.sort)) out.sort = raw.sort;
    if (raw.order === 'asc' || raw.order === 'desc') out.order = raw.order;
    for (const [name, parse] of Object.entries(filters)) {
      const value = parse(raw[name]);
      if (value !== undefined) out[name] = value;
    }
    // An upper bound below the lower one matches nothing: the lower one stays, the upper one goes.
    for (const { kind, params } of ranges) {
      if (rangeInverted(kind, out[params[0]], out[params[1]])) delete out[params[1]];
    }
    return out as ListSearchOf<S, F>;
  };
  // `read`: the same check for any record (tests, code outside the router).
  return Object.assign(validate, { read: (input: Record<string, unknown>) => validate(input as never) });
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
export function toPageBody(search: Partial<ListSearch>, filterNames: FilterNames): Record<string, unknown> {
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
    if (value === undefined || value === '') continue;
    const bound = filterNames.dayBounds?.[name];
    body[name] = bound && typeof value === 'string' ? dayInstant(value, bound) : value;
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
