import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, RecordMeta } from '../../contract/common';
import type { ResourceSpec } from '../../contract/resource-spec';
import { http } from '../../lib/api';
import { cachedAtOf, type RequestOptions } from '../../lib/http';
import { askAgainWhileCached } from '../../lib/query-client';
import { type FilterNames, type ListSearch, toPageBody } from './list/list-search';
import { screenFilterNames } from './list/spec-search';

/**
 * The calls of docs/api.md §4 for one resource, and its query keys. `noun` is the resource's name
 * (its key in src/resources/specs.ts, which shared code may not import), what data about the kind
 * of record is keyed by (saved views, presence, the live events); `path` is only where its calls
 * go. Every query key starts with the noun, so invalidating `[noun]` after a write (here, or when
 * the live stream names the noun) refreshes every page, record and filter of it at once.
 */
export function createResourceApi<T extends RecordMeta>(noun: string, path: string, filterNames: FilterNames = []) {
  const key = [noun] as const;
  return {
    noun,
    path,
    key,
    filterNames,
    pageQuery: (search: Partial<ListSearch>) => {
      const body = toPageBody(search, filterNames);
      return queryOptions({
        queryKey: [noun, 'page', body] as const,
        // No abort signal: the http client would toast a cancelled request (StrictMode remounts,
        // quick paging) as a network error.
        queryFn: async (): Promise<CachedPage<T>> => {
          const page = await http.post<Page<T>>(`/${path}/page`, body);
          // Served by the service worker's cache (offline): the list says so, with the age.
          return { ...page, cachedAt: cachedAtOf(page) };
        },
        // Offline the request still goes out: the service worker may answer it from its cache.
        networkMode: 'offlineFirst',
        // Paging and typing keep the old rows on screen (dimmed) instead of flashing skeletons.
        placeholderData: keepPreviousData,
        // A page the cache answered while online is asked for again until a fresh one replaces it.
        refetchInterval: (query) => askAgainWhileCached(query.state.data?.cachedAt),
      });
    },
    /** One record (GET /{path}/{id}) for its record page; under the noun's key, so writes refresh it. */
    recordQuery: (id: number) =>
      queryOptions({
        queryKey: [noun, 'record', id] as const,
        queryFn: () => http.get<T>(`/${path}/${id}`),
        networkMode: 'offlineFirst',
      }),
    create: (body: unknown, opts?: RequestOptions) => http.post<T>(`/${path}`, body, opts),
    update: (body: unknown, opts?: RequestOptions) => http.put<T>(`/${path}`, body, opts),
    remove: (id: number, opts?: RequestOptions) => http.delete<null>(`/${path}/${id}`, opts),
    /** Would DELETE go through? Refusals (own account, still in use) are toasted by the client. */
    checkDelete: (id: number) => http.post<null>(`/${path}/${id}/delete-check`),
  };
}

/** A page as the list shows it: `cachedAt` (epoch ms) when it came from the offline cache. */
export type CachedPage<T> = Page<T> & { cachedAt?: number };

/** A resource's calls from its noun and spec: its API path, and its screen filters as the page body's fields. */
export const resourceApiOf = <T extends RecordMeta>(noun: string, spec: ResourceSpec) =>
  createResourceApi<T>(noun, spec.api, screenFilterNames(spec.filters ?? {}));

export type ResourceApi<T extends RecordMeta> = ReturnType<typeof createResourceApi<T>>;
