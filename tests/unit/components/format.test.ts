import { describe, expect, it } from 'vitest';
import {
  dateFormat,
  dayPattern,
  formatDay,
  formatDayDigits,
  formatFullDate,
  formatNumber,
  numberFormat,
  parseDayDigits,
  relativeTime,
  timeAgo,
} from '../../../src/components/format';

const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo (minutes under 1 h, hours under 1 day, else days)', () => {
  it.each([
    [0, '0 minutes ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [D, '1 day ago'],
    [2 * D, '2 days ago'],
    [40 * D, '40 days ago'],
  ])('%d ms → %s', (ago, text) => {
    expect(timeAgo(NOW - ago, 'en', NOW)).toBe(text);
  });

  it('speaks the user language', () => {
    expect(timeAgo(NOW - 3 * H, 'zh', NOW)).toBe('3小时前');
    expect(timeAgo(NOW - 3 * H, 'es', NOW)).toBe('hace 3 horas');
    expect(timeAgo(NOW - 3 * H, 'ja', NOW)).toBe('3 時間前');
  });
});

describe('relativeTime (boundaries 30 s, 1 h, 1 day, 2 days)', () => {
  const rel = (ago: number) => relativeTime(NOW - ago, 'en', 'just now', NOW);
  it.each([
    [0, 'just now'],
    [29 * S, 'just now'],
    [30 * S, '1 minute ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [D - 1, '23 hours ago'],
    [D, '1 day ago'],
    [2 * D - 1, '1 day ago'],
  ])('%d ms → %s', (ago, text) => {
    expect(rel(ago)).toBe(text);
  });

  it('shows the full date from two days on', () => {
    expect(rel(2 * D)).toBe(formatFullDate(NOW - 2 * D));
    expect(formatFullDate(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
  });
});

describe('formatNumber (k, M, G, T, P, E)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [999_999, '1M'],
    [2_500_000, '2.5M'],
    [7e9, '7G'],
    [3.2e12, '3.2T'],
    [1e15, '1P'],
    [4.5e18, '4.5E'],
    [-1500, '-1.5k'],
  ])('%d → %s', (n, text) => {
    expect(formatNumber(n, 'en')).toBe(text);
  });

  it('uses the locale decimal separator', () => {
    expect(formatNumber(1234, 'es')).toBe('1,2k');
  });
});

describe('formatters are made once per locale and options', () => {
  it('the same locale and options give the same formatter; another locale or options another one', () => {
    const a = dateFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(dateFormat('en', { dateStyle: 'medium', timeStyle: 'short' })).toBe(a);
    expect(dateFormat('es', { dateStyle: 'medium', timeStyle: 'short' })).not.toBe(a);
    expect(numberFormat('en', { maximumFractionDigits: 1 })).toBe(numberFormat('en', { maximumFractionDigits: 1 }));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { maximumFractionDigits: 1 }));
    expect(numberFormat('es').format(1234.5)).toBe('1234,5');
  });
});

describe('calendar days in the console’s language (date fields, a publish date)', () => {
  it('shows a day as the other dates read, never shifted by the time zone', () => {
    expect(formatDay('2008-01-12', 'es')).toBe('12 ene 2008');
    expect(formatDay('2008-01-12', 'ja')).toBe('2008/01/12');
    expect(formatDay('2008-01-12', 'en')).toBe('Jan 12, 2008');
    expect(formatDay('2008-01-12', 'zh')).toBe('2008年1月12日');
    expect(formatDay('', 'es')).toBe('');
    expect(formatDay(null, 'es')).toBe('');
    // Not a day: shown as it is rather than a wrong one.
    expect(formatDay('2008-02-30', 'es')).toBe('2008-02-30');
  });

  it('knows each language’s order of day, month and year', () => {
    expect(dayPattern('es')).toEqual({ order: ['day', 'month', 'year'], literals: ['', '/', '/', ''] });
    expect(dayPattern('ja')).toEqual({ order: ['year', 'month', 'day'], literals: ['', '/', '/', ''] });
    expect(dayPattern('en').order).toEqual(['month', 'day', 'year']);
    expect(dayPattern('zh').order).toEqual(['year', 'month', 'day']);
  });

  it('writes a day in the language’s digits', () => {
    expect(formatDayDigits('2008-01-12', 'es')).toBe('12/01/2008');
    expect(formatDayDigits('2008-01-12', 'ja')).toBe('2008/01/12');
    expect(formatDayDigits('2008-01-12', 'en')).toBe('01/12/2008');
    expect(formatDayDigits('', 'es')).toBe('');
    expect(formatDayDigits('12/0', 'es')).toBe('12/0');
  });

  it.each([
    ['es', '12/01/2008', '2008-01-12'],
    ['es', '3/2/2009', '2009-02-03'],
    ['es', '03-02-2009', '2009-02-03'],
    ['es', '03.02.2009', '2009-02-03'],
    ['es', '03022009', '2009-02-03'],
    ['en', '02/03/2009', '2009-02-03'],
    ['ja', '2009/2/3', '2009-02-03'],
    ['ja', '20090203', '2009-02-03'],
    ['zh', '2009年2月3日', '2009-02-03'],
    // ISO, as pasted or as a test fills it, in every language.
    ['es', '2009-02-03', '2009-02-03'],
    ['en', '2009-02-03', '2009-02-03'],
    ['es', '  ', ''],
    ['es', '', ''],
  ])('%s reads %j as %s', (locale, text, iso) => {
    expect(parseDayDigits(text, locale)).toBe(iso);
  });

  it.each([
    ['es', '31/02/2009'],
    ['es', '12/13/2009'],
    ['es', '12/01/08'],
    ['es', '12/01'],
    ['es', 'mañana'],
    ['ja', '2009/02/31'],
    ['es', '12/01/2008 x'],
  ])('%s refuses %j', (locale, text) => {
    expect(parseDayDigits(text, locale)).toBeNull();
  });
});
