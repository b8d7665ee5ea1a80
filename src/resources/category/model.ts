import { listSearchSchema } from '../../components/resource/list/list-search';
import type { Category } from './schema';
import { CATEGORY_SORTS } from './spec';

export const CATEGORY_FILTERS = [] as const;

/** /web/category?pageNum&pageSize&keyword&sort&order */
export const categorySearchSchema = listSearchSchema(CATEGORY_SORTS, {});

export type CategoryFormValues = { name: string; sort: number | string; description: string };

export function toCategoryFormValues(c?: Category): CategoryFormValues {
  return { name: c?.name ?? '', sort: c?.sort ?? 0, description: c?.description ?? '' };
}
