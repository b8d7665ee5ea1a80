import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ShownLocationProvider, useShownLocation } from '../../../src/shell/shown-location';

/** A frame part that follows the address (the menu's current item, say) above a plain outlet. */
async function mount(Where: () => string) {
  function Frame() {
    return <nav>at {Where()}</nav>;
  }
  const root = createRootRoute({
    component: () => (
      <ShownLocationProvider>
        <Frame />
        <Outlet />
      </ShownLocationProvider>
    ),
  });
  const screen = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>first screen</p> });
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: () => <p>other screen</p> });
  const router = createRouter({
    routeTree: root.addChildren([screen, other]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const container = document.createElement('div');
  document.body.append(container);
  const reactRoot = createRoot(container);
  flushSync(() => reactRoot.render(<RouterProvider router={router} />));
  const nav = () => container.querySelector('nav')?.textContent;
  return { container, router, nav, unmount: () => reactRoot.unmount() };
}

describe('the address the frame shows', () => {
  it('a navigation commits the new screen without the frame, whose address follows in a transition', async () => {
    const { container, router, nav, unmount } = await mount(() => useShownLocation().pathname);
    await expect.poll(nav).toBe('at /');
    await router.navigate({ to: '/other' as never });
    // The router's own subscribers (here the outlet) were rendered within the navigation.
    expect(container.textContent).toContain('other screen');
    expect(nav()).toBe('at /');
    await expect.poll(nav).toBe('at /other');
    unmount();
  });

  it("(the router's location renders the frame within the navigation)", async () => {
    const { router, nav, unmount } = await mount(() => useLocation({ select: (l) => l.pathname }));
    await router.navigate({ to: '/other' as never });
    expect(nav()).toBe('at /other');
    unmount();
  });

  it('follows a change of search too (a list page, its filters)', async () => {
    const { router, nav, unmount } = await mount(() => useShownLocation().href);
    await router.navigate({ to: '/', search: { page: 2 } as never });
    await expect.poll(nav).toBe('at /?page=2');
    unmount();
  });
});
