import { proxy } from 'valtio';
import { getCookie, setCookie } from '../lib/cookies';

/** Layout state of SPEC.md §3-4: sidebar, device and component size, kept in cookies. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

export const isSize = (v: unknown): v is Size => typeof v === 'string' && (SIZES as readonly string[]).includes(v);

// Known before the first render, so a phone's first frame is already the phone's layout (set
// only by an effect, a desktop frame with its sidebar could be painted first: a layout shift).
const startsMobile = typeof matchMedia === 'function' && matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;

export const appStore = proxy({
  sidebar: {
    // Cookie '1' or '0'; open unless the cookie says closed (SPEC.md §4); closed on a phone.
    opened: !startsMobile && getCookie(SIDEBAR_COOKIE) !== '0',
    withoutAnimation: startsMobile,
  },
  device: (startsMobile ? 'mobile' : 'desktop') as Device,
  size: (isSize(getCookie(SIZE_COOKIE)) ? getCookie(SIZE_COOKIE) : 'medium') as Size,
});

export function toggleSidebar(): void {
  appStore.sidebar.opened = !appStore.sidebar.opened;
  appStore.sidebar.withoutAnimation = false;
  setCookie(SIDEBAR_COOKIE, appStore.sidebar.opened ? '1' : '0');
}

export function closeSidebar(withoutAnimation: boolean): void {
  appStore.sidebar.opened = false;
  appStore.sidebar.withoutAnimation = withoutAnimation;
  setCookie(SIDEBAR_COOKIE, '0');
}

export function setDevice(device: Device): void {
  appStore.device = device;
}

export function setSize(size: Size): void {
  appStore.size = size;
  setCookie(SIZE_COOKIE, size);
}
