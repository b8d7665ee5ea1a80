import type { QueryClient } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS, type ListSearch } from '../components/resource/list/list-search';

/**
 * The URL handling every list route shares, spread into its options: `validateSearch` parses the
 * list's search, the list's defaults stay out of the address (/web/book, not
 * /web/book?pageNum=1&pageSize=10), the search is what the loader depends on, and the loader
 * starts `prefetch` without awaiting it: the page shows skeleton rows at once, and a failure lands
 * in the list's own error state (with Retry) instead of the route's error boundary.
 *
 * `prefetch` stays written in the route as `queryClient.prefetchQuery(xQuery(deps))`: the boot
 * script (scripts/console-boot.ts) reads that call in the route's source to find the list's
 * first request.
 */
export function listRoute<V extends (input: never) => ListSearch>(
  validateSearch: V,
  prefetch: (deps: ReturnType<V>, queryClient: QueryClient) => Promise<void>,
) {
  type S = ReturnType<V>;
  // Every list's search holds these two (ListSearch); spelled for the generic S stripSearchParams wants.
  const defaults: Partial<ListSearch> = LIST_DEFAULTS;
  return {
    validateSearch,
    search: { middlewares: [stripSearchParams<S, unknown, Partial<S>, Partial<S>>(defaults as Partial<S>)] },
    loaderDeps: ({ search }: { search: S }) => search,
    loader: ({ context: { queryClient }, deps }: { context: { queryClient: QueryClient }; deps: S }) => {
      void prefetch(deps, queryClient);
    },
  };
}
