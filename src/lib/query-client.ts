import { QueryClient } from '@tanstack/react-query';

/** The one query cache; its own module so that routes can reach it without importing the router. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The http client already tells the user about failures; retrying a 4xx only repeats the toast.
    // Offline, requests still go out: the service worker answers reads from its cache.
    queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
