import type { z } from 'zod';
import { listSearchSchema } from '../../components/resource/list-search';
import type { Category, categoryPageSchema } from '../../contract/category';

/** The contract names them only inside categoryPageSchema; `satisfies` keeps the two in step. */
export const CATEGORY_SORTS = ['id', 'name', 'sort', 'createdAt', 'updatedAt'] as const satisfies readonly NonNullable<
  z.input<typeof categoryPageSchema>['sort']
>[];

export const CATEGORY_FILTERS = [] as const;

/** /web/category?pageNum&pageSize&keyword&sort&order */
export const categorySearchSchema = listSearchSchema(CATEGORY_SORTS, {});
export type CategorySearch = ReturnType<typeof categorySearchSchema>;

export type CategoryFormValues = { name: string; sort: number | string; description: string };

export function toCategoryFormValues(c?: Category): CategoryFormValues {
  return { name: c?.name ?? '', sort: c?.sort ?? 0, description: c?.description ?? '' };
}
