import { proxy } from 'valtio';
import { getCookie, setCookie } from '../lib/cookies';

/** Layout state of docs/product.md §3-4: sidebar, device and component size, kept in cookies. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

/** What a new user gets (the original console's "default" size is the largest, not this one). */
export const DEFAULT_SIZE: Size = 'medium';

export const isSize = (v: unknown): v is Size => typeof v === 'string' && (SIZES as readonly string[]).includes(v);

// Known before the first render, so a phone's first frame is already the phone's layout (set
// only by an effect, a desktop frame with its sidebar could be painted first: a layout shift).
const startsMobile = typeof matchMedia === 'function' && matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;

/**
 * The desktop's sidebar as its user left it (cookie '1' or '0'; open unless it says closed,
 * docs/product.md §4). Only a toggle on a desktop changes it: a phone's drawer closing, or a window
 * narrowed to a phone's width, does not, so back at desktop width the menu is open again (it
 * used to come up collapsed on a desktop after any visit at a phone's width).
 */
let desktopOpened = getCookie(SIDEBAR_COOKIE) !== '0';

export const appStore = proxy({
  sidebar: {
    // Closed on a phone (its menu is a drawer).
    opened: !startsMobile && desktopOpened,
    withoutAnimation: startsMobile,
  },
  device: (startsMobile ? 'mobile' : 'desktop') as Device,
  size: (isSize(getCookie(SIZE_COOKIE)) ? getCookie(SIZE_COOKIE) : DEFAULT_SIZE) as Size,
});

export function toggleSidebar(): void {
  appStore.sidebar.opened = !appStore.sidebar.opened;
  appStore.sidebar.withoutAnimation = false;
  if (appStore.device === 'desktop') {
    desktopOpened = appStore.sidebar.opened;
    setCookie(SIDEBAR_COOKIE, desktopOpened ? '1' : '0');
  }
}

/** Closes the menu (a phone's drawer, or on becoming a phone); the desktop's choice stays. */
export function closeSidebar(withoutAnimation: boolean): void {
  appStore.sidebar.opened = false;
  appStore.sidebar.withoutAnimation = withoutAnimation;
}

export function setDevice(device: Device): void {
  const was = appStore.device;
  appStore.device = device;
  if (device === 'desktop' && was !== 'desktop') {
    appStore.sidebar.opened = desktopOpened;
    appStore.sidebar.withoutAnimation = true;
  }
}

export function setSize(size: Size): void {
  appStore.size = size;
  setCookie(SIZE_COOKIE, size);
}
