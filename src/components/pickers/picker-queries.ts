import { queryOptions } from '@tanstack/react-query';
import type { CategoryOption, SubclassOption } from '../../contract/options';
import { http } from '../../lib/api';

/*
 * Picker lists. Keys start with the noun (src/resources/specs.ts), as every query of a resource
 * does, so a write to categories or subclasses (which invalidates ['category'] / ['subclass'], here
 * or through the live stream) refreshes the pickers too. No abort signals: the http client would
 * toast a cancelled request as a network error.
 */

export const categoryListQuery = () =>
  queryOptions({
    queryKey: ['category', 'list'] as const,
    queryFn: () => http.get<CategoryOption[]>('/category/list'),
    staleTime: 60_000,
  });

/**
 * Every subclass in one small list, each picker taking its category's part: loaded once (the
 * Books filter bar loads it) and so in the service worker's cache, a form opened offline still
 * shows a book's subclass for whichever category it has.
 */
export const allSubclassesQuery = () =>
  queryOptions({
    queryKey: ['subclass', 'list'] as const,
    queryFn: () => http.get<SubclassOption[]>('/category/subclass/list'),
    staleTime: 60_000,
  });

/** The subclasses of one category, out of {@link allSubclassesQuery}. */
export const subclassesOf = (all: readonly SubclassOption[], categoryId: number): SubclassOption[] =>
  all.filter((s) => s.categoryId === categoryId);
