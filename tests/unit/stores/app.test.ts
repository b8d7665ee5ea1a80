import { beforeEach, describe, expect, it, vi } from 'vitest';
import { removeCookie, setCookie } from '../../../src/lib/cookies';

/**
 * The store reads its cookies when first imported, so each case imports a fresh copy, with the
 * fresh cookie helpers it writes through (they keep the jar they read until they write).
 */
async function freshStore() {
  vi.resetModules();
  const { getCookie } = await import('../../../src/lib/cookies');
  return { ...(await import('../../../src/stores/app')), getCookie };
}

beforeEach(() => {
  removeCookie('sidebarStatus');
  removeCookie('size');
});

describe('layout state', () => {
  it('defaults to an open sidebar, desktop and medium size', async () => {
    const { appStore } = await freshStore();
    expect(appStore.sidebar.opened).toBe(true);
    expect(appStore.device).toBe('desktop');
    expect(appStore.size).toBe('medium');
  });

  it('reads sidebarStatus 0 as closed and stores toggles as 1/0', async () => {
    setCookie('sidebarStatus', '0');
    const { appStore, toggleSidebar, closeSidebar, getCookie } = await freshStore();
    expect(appStore.sidebar.opened).toBe(false);
    toggleSidebar();
    expect(appStore.sidebar.opened).toBe(true);
    expect(getCookie('sidebarStatus')).toBe('1');
    toggleSidebar();
    expect(getCookie('sidebarStatus')).toBe('0');
    closeSidebar(true);
    expect(appStore.sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('keeps the desktop sidebar open through a visit at phone width', async () => {
    const { appStore, closeSidebar, setDevice, toggleSidebar, getCookie } = await freshStore();
    expect(appStore.sidebar.opened).toBe(true);
    // The window narrows to a phone's width: the menu becomes a drawer, closed.
    setDevice('mobile');
    closeSidebar(true);
    // The phone's drawer opened and closed again.
    toggleSidebar();
    closeSidebar(false);
    expect(getCookie('sidebarStatus')).toBeUndefined();
    setDevice('desktop');
    expect(appStore.sidebar.opened).toBe(true);
    // A desktop user who collapsed it finds it collapsed after the same visit.
    toggleSidebar();
    setDevice('mobile');
    closeSidebar(true);
    setDevice('desktop');
    expect(appStore.sidebar.opened).toBe(false);
    expect(getCookie('sidebarStatus')).toBe('0');
  });

  it('keeps the size in a cookie and ignores unknown values', async () => {
    setCookie('size', 'huge');
    const { appStore, setSize, getCookie } = await freshStore();
    expect(appStore.size).toBe('medium');
    setSize('mini');
    expect(getCookie('size')).toBe('mini');
    const again = await freshStore();
    expect(again.appStore.size).toBe('mini');
  });
});
