import { queryOptions } from '@tanstack/react-query';
import type { CategoryOption, SubclassOption } from '../../contract/options';
import { http } from '../../lib/api';

/*
 * Picker lists. Keys start with the resource path, so a write to categories or subclasses
 * (which invalidates ['category'] / ['category/subclass']) refreshes the pickers too. No abort
 * signals: the http client would toast a cancelled request as a network error.
 */

export const categoryListQuery = () =>
  queryOptions({
    queryKey: ['category', 'list'] as const,
    queryFn: () => http.get<CategoryOption[]>('/category/list'),
    staleTime: 60_000,
  });

export const subclassListQuery = (categoryId: number) =>
  queryOptions({
    queryKey: ['category/subclass', 'list', categoryId] as const,
    queryFn: () => http.get<SubclassOption[]>('/category/subclass/list', { query: { categoryId } }),
    staleTime: 60_000,
  });
