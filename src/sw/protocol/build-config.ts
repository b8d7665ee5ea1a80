/**
 * Build-time PWA settings, read by vite.config.ts (Node) and, through `define`, by the service
 * worker. Pure: no DOM, no Node APIs.
 */

/** How the service worker caches API answers; every value can be changed by a build variable. */
export interface OfflineConfig {
  /** Network-first: after this long without an answer, a cached answer is shown (the request goes on). */
  timeoutMs: number;
  /** Cached API answers kept per signed-in user; the least recently stored go first. */
  maxEntries: number;
  /** Cached API answers older than this are never shown and are deleted. */
  maxAgeSeconds: number;
  /** Cached images (shared: image URLs are public and carry no user data). */
  maxImages: number;
}

export const OFFLINE_DEFAULTS: Readonly<OfflineConfig> = {
  timeoutMs: 4000,
  maxEntries: 200,
  maxAgeSeconds: 7 * 24 * 3600,
  maxImages: 300,
};

const VARIABLES: Record<keyof OfflineConfig, string> = {
  timeoutMs: 'LECTERN_OFFLINE_TIMEOUT_MS',
  maxEntries: 'LECTERN_OFFLINE_MAX_ENTRIES',
  maxAgeSeconds: 'LECTERN_OFFLINE_MAX_AGE_SECONDS',
  maxImages: 'LECTERN_OFFLINE_MAX_IMAGES',
};

/** The defaults, each replaced by its build variable when that is a positive integer. */
export function offlineConfig(env: Record<string, string | undefined>): OfflineConfig {
  const config = { ...OFFLINE_DEFAULTS };
  for (const [key, name] of Object.entries(VARIABLES) as [keyof OfflineConfig, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    config[key] = value;
  }
  return config;
}

export const THEME_COLOR = '#1890ff';

/** The web manifest (icons are added by the icon generator from public/lectern-icon.svg). */
export function pwaManifest(base: string) {
  return {
    id: base,
    name: 'Lectern',
    short_name: 'Lectern',
    description: 'Lectern: the back office of a book-reading and library site',
    lang: 'en',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    display: 'standalone' as const,
    start_url: base,
    scope: base,
  };
}

/**
 * Icons from the one source image: transparent 64/192/512 and a favicon, a 512 maskable icon and an
 * Apple touch icon on the theme colour (maskable icons must fill their square; 30 % padding keeps
 * the book inside the safe zone).
 */
export const PWA_ICON_PRESET = {
  transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] as [number, string][] },
  maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: THEME_COLOR } },
  apple: { sizes: [180], padding: 0.3, resizeOptions: { background: THEME_COLOR } },
};
