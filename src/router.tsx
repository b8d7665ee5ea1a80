import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export { queryClient };

// On a cold start the libraries and the route tree above evaluate in one task; the router, with
// the browser history it writes its first entry's state to, in the next: together they held the
// thread over 50 ms on a desktop.
await yieldToMain();

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
