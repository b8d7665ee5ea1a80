import type { z } from 'zod';
import { idFilter, listSearchSchema } from '../../components/resource/list-search';
import type { Subclass, subclassPageSchema } from '../../contract/category';

/** The contract names them only inside subclassPageSchema; `satisfies` keeps the two in step. */
export const SUBCLASS_SORTS = [
  'id',
  'name',
  'sort',
  'categoryId',
  'createdAt',
  'updatedAt',
] as const satisfies readonly NonNullable<z.input<typeof subclassPageSchema>['sort']>[];

export const SUBCLASS_FILTERS = ['categoryId'] as const;

/** /web/categorysubclass?pageNum&pageSize&keyword&sort&order&categoryId */
export const subclassSearchSchema = listSearchSchema(SUBCLASS_SORTS, { categoryId: idFilter });
export type SubclassSearch = ReturnType<typeof subclassSearchSchema>;

export type SubclassFormValues = { categoryId: number | null; name: string; sort: number | string };

/**
 * A new subclass starts in the category the list is filtered by, if any: adding subclasses to
 * one category is the common case.
 */
export function toSubclassFormValues(s?: Subclass, categoryId?: number): SubclassFormValues {
  return { categoryId: s?.categoryId ?? categoryId ?? null, name: s?.name ?? '', sort: s?.sort ?? 0 };
}
