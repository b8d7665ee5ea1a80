/** Display formats shared by resource screens; the locale is Lingui's active one. */

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

/**
 * One formatter per locale and options, kept: creating one costs far more than using it (the
 * first of a kind loads the locale's data, tens of milliseconds on a phone), and a list or a chart
 * formats dozens of values per render.
 */
function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept('number', locale, options, () => new Intl.NumberFormat(locale, options));

/** An ISO 8601 timestamp in the user's locale and time zone, to the minute. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** 1536 → "1.5 KiB": binary steps named as such (IEC), one decimal under 10 of a unit. */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${BYTE_UNITS[unit]}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function relative(value: number, unit: Intl.RelativeTimeFormatUnit, locale: string): string {
  const options = { numeric: 'always' } as const;
  return kept('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options)).format(-value, unit);
}

const toMs = (t: Date | string | number) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/**
 * Time-ago of docs/product.md §9: minutes under an hour, hours under a day, otherwise days — "5 minutes
 * ago", "3 hours ago", "2 days ago" in the user's language. Used for the age of cached data.
 */
export function timeAgo(time: Date | string | number, locale: string, now: number = Date.now()): string {
  const diff = Math.max(0, now - toMs(time));
  if (diff < HOUR) return relative(Math.floor(diff / MINUTE), 'minute', locale);
  if (diff < DAY) return relative(Math.floor(diff / HOUR), 'hour', locale);
  return relative(Math.floor(diff / DAY), 'day', locale);
}

/** Under a minute old: "just now" rather than timeAgo's "0 minutes ago". */
export const underAMinute = (time: Date | string | number, now: number = Date.now()): boolean =>
  now - toMs(time) < MINUTE;

/** Year-month-day hour:minute:second in local time (docs/product.md §9's default date format). */
export function formatFullDate(time: Date | string | number): string {
  const d = new Date(toMs(time));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * Relative time of docs/product.md §9: under 30 s "just now", under an hour minutes ago, under a day hours
 * ago, under two days "1 day ago", otherwise the full date. `justNow` is the translated phrase.
 */
export function relativeTime(
  time: Date | string | number,
  locale: string,
  justNow: string,
  now: number = Date.now(),
): string {
  const diff = now - toMs(time);
  if (diff < 30_000) return justNow;
  if (diff < HOUR) return relative(Math.max(1, Math.floor(diff / MINUTE)), 'minute', locale);
  if (diff < DAY) return relative(Math.floor(diff / HOUR), 'hour', locale);
  if (diff < 2 * DAY) return relative(1, 'day', locale);
  return formatFullDate(time);
}

const NUMBER_SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 → "1.2k", 5e9 → "5G" (docs/product.md §9's suffixes k M G T P E), digits in the user's locale. */
export function formatNumber(n: number, locale: string, digits = 1): string {
  const fmt = (v: number) => numberFormat(locale, { maximumFractionDigits: digits }).format(v);
  const round = (v: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  const abs = Math.abs(n);
  if (abs < 1000) return fmt(n);
  // The largest suffix whose rounded value is at least 1 (999 999 → "1M", not "1000k").
  for (const { value, symbol } of NUMBER_SUFFIXES) {
    if (round(abs / value) >= 1) return `${fmt(round(n / value))}${symbol}`;
  }
  return fmt(n);
}
