import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { keepPageWhenChunksFailOffline } from './lib/offline/chunk-failures';
import { queryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { ScreenError } from './pwa/screen-error';
import type { routeTree as RouteTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export { queryClient };

function createAppRouter(routeTree: typeof RouteTree) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    basepath: import.meta.env.BASE_URL,
    defaultPreload: 'intent',
    // Loaders read through the query cache, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A screen that cannot open (its code unreachable offline) says so in place; never a reload.
    defaultErrorComponent: ScreenError,
  });
  keepPageWhenChunksFailOffline();
  // A navigation starts in a task of its own, after the click or key that asked for it: the input's
  // task then ends at once, and the old screen's removal with the address change (pushState, the
  // router's state, the commit React makes of it) comes after it, not inside it. Together they held
  // the thread just over 50 ms while an upload shared the cores; each alone stays well under. The
  // order of navigations is kept (the continuations run first in, first out).
  const navigate = router.navigate;
  router.navigate = (async (options) => {
    await yieldToMain();
    return navigate(options);
  }) as typeof navigate;
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The route tree (every route's definition) and the router, with the browser history it writes its
 * first entry's state to, each in a task of its own after the app's libraries: evaluated with them,
 * they held the thread over 50 ms on a desktop's cold start. The route tree is a chunk of its own
 * that the document preloads (scripts/chunks.ts), so importing it here adds no round trip.
 */
export async function loadRouter(): Promise<AppRouter> {
  await yieldToMain();
  const { routeTree } = await import('./routeTree.gen');
  await yieldToMain();
  return createAppRouter(routeTree);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
