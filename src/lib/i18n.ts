import { i18n, type Messages } from '@lingui/core';
import { getCookie, setCookie } from './cookies';
import { stripBase } from './paths';

/** The four languages of docs/product.md §2, in the selector's order, each named in itself. */
export const LOCALES = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = 'en';
const LANGUAGE_COOKIE = 'language';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Cookie, else the browser's language, else en (docs/product.md §4). */
export function detectLocale(
  cookie = getCookie(LANGUAGE_COOKIE),
  browser: readonly string[] = navigator.languages,
): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

// Catalogues are loaded on demand so a language costs nothing until chosen.
const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po');

const wholeOf = async (locale: Locale): Promise<Messages> => {
  const load = catalogues[`../locales/${locale}/messages.po`];
  return load ? (await load()).messages : {};
};

/**
 * A cold start of a console screen loads only the messages that screen's first render can show:
 * the build's part of the catalogue for it (scripts/catalogue-parts.ts; a list's is 4 KiB gzip of
 * the whole's 11), named in index.html's boot data. The whole catalogue follows when anything else
 * is about to show: another screen (the root route waits for it), a piece loaded on demand
 * (lib/lazy.ts), or a message not found, which is then drawn again.
 */
let partFor: string | null = null;
let wholeLoad: Promise<void> | null = null;
let missed = false;

/** The screen a URL's path opens, spelt as the boot data names it (public/console-boot.js). */
export const screenPath = (pathname: string): string => stripBase(pathname).replace(/\/+$/, '') || '/index';

/** Whether a screen's path (a record's with a `$` segment: `/web/book/$id`) is the one at `path`. */
export function screenMatches(screen: string, path: string): boolean {
  if (screen === path) return true;
  const want = path.split('/');
  const have = screen.split('/');
  return have.length === want.length && have.every((s, i) => s === want[i] || (s.startsWith('$') && want[i] !== ''));
}

/** The screen and its catalogue part for a cold start at this path, if the build made one. */
function partOf(locale: Locale, pathname: string): { screen: string; url: string } | undefined {
  // With the service worker in control every file is cached: the whole catalogue is as near.
  if (typeof document === 'undefined' || globalThis.navigator?.serviceWorker?.controller) return undefined;
  try {
    const data = JSON.parse(document.getElementById('lectern-boot')?.textContent || 'null') as {
      catalogues?: Record<string, Record<string, string>>;
    } | null;
    const parts = data?.catalogues?.[locale] ?? {};
    const path = screenPath(pathname);
    const screen = path in parts ? path : Object.keys(parts).find((key) => screenMatches(key, path));
    const url = screen === undefined ? undefined : parts[screen];
    return screen !== undefined && url ? { screen, url } : undefined;
  } catch {
    return undefined;
  }
}

/** `coldStart`: the page's path when the console starts (its screen's part may do); else the whole catalogue. */
export async function activateLocale(locale: Locale, coldStart?: string): Promise<void> {
  const found = coldStart === undefined ? undefined : partOf(locale, coldStart);
  const part = found
    ? await import(/* @vite-ignore */ found.url).then(
        (m: { default: Messages }) => m.default,
        () => undefined,
      )
    : undefined;
  // A copy: the whole catalogue is later merged into it, never into the module's own object.
  const messages = part ? { ...part } : await wholeOf(locale);
  partFor = part && found ? found.screen : null;
  wholeLoad = null;
  missed = false;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : locale;
}

/** Whether the loaded messages are enough to show the screen at this path. */
export const catalogueCovers = (pathname: string): boolean =>
  partFor === null || screenMatches(partFor, screenPath(pathname));

/**
 * Resolves once the active language's whole catalogue is loaded (at once if it is). Never rejects:
 * offline, the missing messages are asked for again the next time one is needed.
 */
export function wholeCatalogue(): Promise<void> {
  if (partFor === null) return Promise.resolve();
  wholeLoad ??= (async () => {
    const locale = i18n.locale as Locale;
    const messages = await wholeOf(locale);
    if (partFor === null || i18n.locale !== locale) return;
    partFor = null;
    // A message was shown as its id: draw again. Otherwise nothing shown needs the new ones, and
    // merging them quietly spares a phone a render of every translated component.
    if (missed) i18n.load(locale, messages);
    else Object.assign(i18n.messages, messages);
  })().catch(() => {
    wholeLoad = null;
  });
  return wholeLoad;
}

i18n.on('missing', () => {
  if (partFor === null) return;
  missed = true;
  void wholeCatalogue();
});

export async function changeLocale(locale: Locale): Promise<void> {
  setCookie(LANGUAGE_COOKIE, locale, 365);
  await activateLocale(locale);
}

export { i18n };
