import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Category } from './schema';
import { categorySpec } from './spec';

export const CATEGORY_FILTERS = [] as const;

/** /web/category?pageNum&pageSize&keyword&sort&order */
export const categorySearchSchema = searchSchemaOf(categorySpec);

export type CategoryFormValues = {
  name: string;
  sort: number | string;
  description: string;
  loanDays: number | string;
};

export function toCategoryFormValues(c?: Category): CategoryFormValues {
  return { name: c?.name ?? '', sort: c?.sort ?? 0, description: c?.description ?? '', loanDays: c?.loanDays ?? '' };
}
