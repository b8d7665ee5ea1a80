import { onlineManager, QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { cachedAtOf } from './http';

/** How often data the offline cache answered while the browser is online is asked for again. */
const CACHED_COPY_RETRY_MS = 5_000;

/**
 * The service worker answered from its cache while the browser is online: the server was slower
 * than its timeout (a save's refetch on a loaded server, say). Its late answer still lands in the
 * cache, but nothing would show it: ask again until a fresh answer replaces the copy.
 */
export const askAgainWhileCached = (cachedAt: number | undefined): number | false =>
  cachedAt !== undefined && onlineManager.isOnline() ? CACHED_COPY_RETRY_MS : false;

/** The one query cache; its own module so that routes can reach it without importing the router. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The http client already tells the user about failures; retrying a 4xx only repeats the toast.
    // Offline, requests still go out: the service worker answers reads from its cache.
    queries: {
      retry: false,
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
      // Every read the cache may answer (pickers, Home's figures, About us), as lists do for pages.
      refetchInterval: (query) => askAgainWhileCached(cachedAtOf(query.state.data)),
      // A copy from the cache stays the object it came as (known as one by cachedAtOf), and a fresh
      // answer equal to it replaces it rather than being merged into it (which would keep asking).
      structuralSharing: (old, next) =>
        cachedAtOf(old) !== undefined || cachedAtOf(next) !== undefined ? next : replaceEqualDeep(old, next),
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
