/** Display formats shared by resource screens; the locale is Lingui's active one. */

const cache = new Map<string, Intl.DateTimeFormat>();

/** An ISO 8601 timestamp in the user's locale and time zone, to the minute. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    cache.set(locale, format);
  }
  return format.format(date);
}
