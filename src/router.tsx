import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // The http client already tells the user about failures; retrying a 4xx only repeats the toast.
    // Offline, requests still go out: the service worker answers reads from its cache.
    queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

export const router = createRouter({
  routeTree,
  context: { queryClient },
  basepath: import.meta.env.BASE_URL,
  defaultPreload: 'intent',
  // Loaders read through the query cache, so the router's own cache would only duplicate it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
