import { i18n } from '@lingui/core';
import { getCookie, setCookie } from './cookies';

/** The four languages of SPEC.md §2, in the selector's order, each named in itself. */
export const LOCALES = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = 'en';
const LANGUAGE_COOKIE = 'language';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Cookie, else the browser's language, else en (SPEC.md §4). */
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
const catalogues = import.meta.glob<{ messages: Record<string, string> }>('../locales/*/messages.po');

export async function activateLocale(locale: Locale): Promise<void> {
  const load = catalogues[`../locales/${locale}/messages.po`];
  const { messages } = load ? await load() : { messages: {} };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : locale;
}

export async function changeLocale(locale: Locale): Promise<void> {
  setCookie(LANGUAGE_COOKIE, locale, 365);
  await activateLocale(locale);
}

export { i18n };
