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
    closeSidebar(true);
    expect(appStore.sidebar).toEqual({ opened: false, withoutAnimation: true });
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
