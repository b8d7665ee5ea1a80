import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { InTransition, ScreenOutlet } from '../../../src/shell/layout/first-screen';
import { mountTwoScreens } from './two-screens';

/** A console-like tree: a frame around the outlet. */
const mount = (outlet: () => ReactNode) =>
  mountTwoScreens(() => (
    <>
      <header>frame</header>
      <main>{outlet()}</main>
    </>
  ));

describe('the first screen, mounted after the frame', () => {
  it('the frame is committed without the screen, which follows in a transition', async () => {
    const { container, unmount } = await mount(() => <ScreenOutlet />);
    expect(container.textContent).toContain('frame');
    expect(container.textContent).not.toContain('screen');
    await expect.poll(() => container.textContent).toContain('screen');
    unmount();
  });

  it('(the same tree with a plain outlet commits both at once)', async () => {
    const { container, unmount } = await mount(() => <Outlet />);
    expect(container.textContent).toContain('frame');
    expect(container.textContent).toContain('screen');
    unmount();
  });
});

describe('a screen opened later', () => {
  it('is built in a transition too: the navigation itself commits without it', async () => {
    const { container, router, unmount } = await mount(() => <ScreenOutlet />);
    await expect.poll(() => container.textContent).toContain('screen');
    await router.navigate({ to: '/other' as never });
    expect(container.textContent).toContain('frame');
    expect(container.textContent).not.toContain('other');
    await expect.poll(() => container.textContent).toContain('other');
    unmount();
  });

  it('(a plain outlet renders it within the navigation)', async () => {
    const { container, router, unmount } = await mount(() => <Outlet />);
    await router.navigate({ to: '/other' as never });
    expect(container.textContent).toContain('other');
    unmount();
  });

  it('stays mounted when only its search changes (the filters and pages of a list)', async () => {
    const { container, router, unmount } = await mount(() => <ScreenOutlet />);
    await expect.poll(() => container.querySelector('main p')).not.toBeNull();
    const shown = container.querySelector('main p');
    await router.navigate({ to: '/', search: { page: 2 } as never });
    expect(router.state.location.searchStr).toContain('page=2');
    expect(container.querySelector('main p')).toBe(shown);
    unmount();
  });
});

describe('the frame, mounted in a transition', () => {
  it('the store-driven render commits nothing of it; it follows in a transition, then its screen', async () => {
    const { container, unmount } = await mount(() => (
      <InTransition>
        <p>sidebar</p>
        <ScreenOutlet />
      </InTransition>
    ));
    expect(container.textContent).not.toContain('sidebar');
    await expect.poll(() => container.textContent).toContain('sidebar');
    await expect.poll(() => container.textContent).toContain('screen');
    unmount();
  });
});

describe('what stands in while the frame is built', () => {
  it('the store-driven render commits the fallback, so the page is never blank between the drawing and the frame', async () => {
    const { container, unmount } = await mount(() => (
      <InTransition fallback={<p>drawn frame</p>}>
        <p>sidebar</p>
      </InTransition>
    ));
    expect(container.textContent).toContain('drawn frame');
    expect(container.textContent).not.toContain('sidebar');
    await expect.poll(() => container.textContent).toContain('sidebar');
    expect(container.textContent).not.toContain('drawn frame');
    unmount();
  });
});
