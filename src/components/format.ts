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

/** A calendar day `YYYY-MM-DD` as year, month and day when it is on the calendar (no 30 February). */
function dayParts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? [y, mo, d] : null;
}

const isoDay = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A calendar day (`YYYY-MM-DD`, a publish date: no time of day, no time zone) in the user's
 * language, as formatDateTime writes the date part ("12 ene 2008", "2008/01/12"). Formatted at
 * UTC, so the day never shifts with the browser's zone. What is not a day stays as it is.
 */
export function formatDay(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const parts = dayParts(iso);
  if (!parts) return iso;
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(parts[0], parts[1] - 1, parts[2]),
  );
}

export type DayField = 'year' | 'month' | 'day';

const DIGITS = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;

/**
 * How the language writes a day in digits, as a date field shows it: the fields in their order
 * and the text around them, from Intl (es `12/01/2008`: day, month, year; ja `2008/01/12`; en
 * `01/12/2008`). `literals[i]` comes before `order[i]`; the last one after the last field.
 */
export function dayPattern(locale: string): { order: DayField[]; literals: string[] } {
  const order: DayField[] = [];
  const literals: string[] = [];
  let literal = '';
  for (const part of dateFormat(locale, DIGITS).formatToParts(Date.UTC(2008, 0, 12))) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') {
      order.push(part.type);
      literals.push(literal);
      literal = '';
    } else literal += part.value;
  }
  literals.push(literal);
  return { order, literals };
}

/** A day in the language's digits ("12/01/2008" in es), what a date field shows; other text as it is. */
export function formatDayDigits(iso: string, locale: string): string {
  const parts = dayParts(iso);
  if (!parts) return iso;
  return dateFormat(locale, DIGITS).format(Date.UTC(parts[0], parts[1] - 1, parts[2]));
}

/**
 * What was typed in a date field, read in the language's order: the day as `YYYY-MM-DD`, `''` for
 * nothing, null when it is no day. The numbers may be split by any separator ("12/1/2008",
 * "12-01-2008", "12.01.2008") or written together ("12012008"); a year written first with four
 * digits (ISO's `2008-01-12`) reads as year, month, day in every language.
 */
export function parseDayDigits(text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const { order } = dayPattern(locale);
  let groups: string[] = trimmed.match(/\d+/g) ?? [];
  if (groups.length === 1 && groups[0]!.length === 8) {
    const run = groups[0]!;
    let at = 0;
    groups = order.map((f) => {
      const n = f === 'year' ? 4 : 2;
      at += n;
      return run.slice(at - n, at);
    });
  }
  if (groups.length !== 3 || /[^\d\s./\-年月日]/u.test(trimmed)) return null;
  const fields: DayField[] = groups[0]!.length === 4 ? ['year', 'month', 'day'] : order;
  const value = { year: 0, month: 0, day: 0 };
  fields.forEach((f, i) => {
    value[f] = Number(groups[i]);
  });
  const yearDigits = groups[fields.indexOf('year')]!.length;
  if (yearDigits !== 4) return null;
  const iso = isoDay(value.year, value.month, value.day);
  return dayParts(iso) ? iso : null;
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
