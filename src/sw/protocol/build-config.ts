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

/** The shared files' action and screens (protocol/shared-files.ts; the worker answers the POST). */
const SHARE_ACTION = 'share-target';
const VIDEO_SCREEN = 'web/video-upload';
const IMAGE_SCREEN = 'users/image';

/** Video files the installed app opens (File Handling: MIME types with their extensions). */
const VIDEO_FILES: Record<string, string[]> = {
  'video/mp4': ['.mp4', '.m4v'],
  'video/quicktime': ['.mov'],
  'video/webm': ['.webm'],
  'video/x-matroska': ['.mkv'],
  'video/x-msvideo': ['.avi'],
};
/** The image library's types (contract/values.ts IMAGE_MIMES). */
const IMAGE_FILES: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
};

/** Manifest screenshots (public/screenshots/, real screens of the demo site; not precached). */
export const PWA_SCREENSHOTS = [
  { file: 'screenshots/books-narrow.png', sizes: '390x844', form_factor: 'narrow', label: 'Books on a phone' },
  { file: 'screenshots/upload-narrow.png', sizes: '390x844', form_factor: 'narrow', label: 'Uploading videos' },
  { file: 'screenshots/home-wide.png', sizes: '1366x768', form_factor: 'wide', label: 'Home: the site at a glance' },
  { file: 'screenshots/books-wide.png', sizes: '1366x768', form_factor: 'wide', label: 'Books with filters' },
] as const;

const shortcut = (base: string, name: string, path: string, icon: string) => ({
  name,
  url: `${base}${path}`,
  icons: [{ src: `${base}shortcuts/${icon}.png`, sizes: '96x96', type: 'image/png' }],
});

/**
 * The web manifest (icons are added by the icon generator from public/lectern-icon.svg, which
 * makes app icons only: the shortcuts' are public/shortcuts/*.png).
 */
export function pwaManifest(base: string) {
  return {
    id: base,
    name: 'Lectern',
    short_name: 'Lectern',
    description:
      'The back office of a book-reading and library site: books, readers and their applications, messages, news, videos and images, also offline.',
    lang: 'en',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    display: 'standalone' as const,
    start_url: base,
    scope: base,
    // A second launch (the icon, a shortcut, an opened file) focuses the running window, whose
    // launch queue takes the files or the address (src/pwa/launch-queue.ts); "auto" where the
    // browser knows no focus-existing.
    launch_handler: { client_mode: ['focus-existing' as const, 'auto' as const] },
    // "Share to Lectern": videos and images, received by the service worker (src/sw/share-target.ts).
    share_target: {
      action: `${base}${SHARE_ACTION}`,
      method: 'POST' as const,
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['video/*', 'image/*'] }] },
    },
    // Opening a video or image file with the installed app (desktop): into the same queues as a share.
    file_handlers: [
      { action: `${base}${VIDEO_SCREEN}`, accept: VIDEO_FILES },
      { action: `${base}${IMAGE_SCREEN}`, accept: IMAGE_FILES },
    ],
    shortcuts: [
      shortcut(base, 'Upload a video', VIDEO_SCREEN, 'upload'),
      shortcut(base, 'Applications', 'users/apply', 'applications'),
      shortcut(base, 'Messages', 'users/online', 'messages'),
      shortcut(base, 'Books', 'web/book', 'books'),
    ],
    screenshots: PWA_SCREENSHOTS.map(({ file, ...s }) => ({ src: `${base}${file}`, type: 'image/png', ...s })),
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
