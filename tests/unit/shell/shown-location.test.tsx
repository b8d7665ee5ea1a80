import { Outlet, useLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ShownLocationProvider, useShownLocation } from '../../../src/shell/shown-location';
import { mountTwoScreens } from './two-screens';

/** A frame part that follows the address (the menu's current item, say) above a plain outlet. */
async function mount(Where: () => string) {
  function Frame() {
    return <nav>at {Where()}</nav>;
  }
  const mounted = await mountTwoScreens(() => (
    <ShownLocationProvider>
      <Frame />
      <main>
        <Outlet />
      </main>
    </ShownLocationProvider>
  ));
  return { ...mounted, nav: () => mounted.container.querySelector('nav')?.textContent };
}

describe('the address the frame shows', () => {
  it('a navigation commits the new screen without the frame, whose address follows in a transition', async () => {
    const { container, router, nav, unmount } = await mount(() => useShownLocation().pathname);
    await expect.poll(nav).toBe('at /');
    await router.navigate({ to: '/other' as never });
    // The router's own subscribers (here the outlet) were rendered within the navigation.
    expect(container.querySelector('main')?.textContent).toBe('other');
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
