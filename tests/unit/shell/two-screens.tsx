import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * A router of two screens, `/` (a paragraph "screen") and `/other` ("other"), under the root
 * component `frame`, rendered once synchronously, as the router's store update renders it.
 */
export async function mountTwoScreens(frame: () => ReactNode) {
  const root = createRootRoute({ component: frame });
  const screen = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>screen</p> });
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: () => <p>other</p> });
  const router = createRouter({
    routeTree: root.addChildren([screen, other]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const container = document.createElement('div');
  document.body.append(container);
  const reactRoot = createRoot(container);
  flushSync(() => reactRoot.render(<RouterProvider router={router} />));
  return { container, router, unmount: () => reactRoot.unmount() };
}
