import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Subclass } from './schema';
import { subclassSpec } from './spec';

/** /web/categorysubclass?pageNum&pageSize&keyword&sort&order&categoryId */
export const subclassSearchSchema = searchSchemaOf(subclassSpec);

export type SubclassFormValues = { categoryId: number | null; name: string; sort: number | string };

/**
 * A new subclass starts in the category the list is filtered by, if any: adding subclasses to
 * one category is the common case.
 */
export function toSubclassFormValues(s?: Subclass, categoryId?: number): SubclassFormValues {
  return { categoryId: s?.categoryId ?? categoryId ?? null, name: s?.name ?? '', sort: s?.sort ?? 0 };
}
