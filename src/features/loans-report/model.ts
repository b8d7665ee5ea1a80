import { dateFormat } from '../../components/format';
import { LOANS_REPORT_MAX_DAYS } from '../../contract/loans-report';

/** A report's period: both days included, `YYYY-MM-DD`, days in UTC as the server counts them. */
export interface Period {
  from: string;
  to: string;
}

export const PRESETS = ['last30', 'year', 'last12'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const isDay = (v: unknown): v is string =>
  typeof v === 'string' && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** Today in UTC, the day the server's counts end on. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The presets' periods up to `today`: the last 30 days (today included), this year from 1 January,
 * the last 12 months from the first day of the month eleven months back (twelve bars, this one
 * partial).
 */
export function presetPeriod(preset: Preset, today: string): Period {
  if (preset === 'last30') return { from: shift(today, -29), to: today };
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return { from: d.toISOString().slice(0, 10), to: today };
}

/** The preset a period is, if any (the pressed button). */
export const presetOf = (p: Period, today: string): Preset | undefined =>
  PRESETS.find((k) => {
    const q = presetPeriod(k, today);
    return q.from === p.from && q.to === p.to;
  });

/** The URL's search: a period, or nothing (the last 30 days, kept out of the URL). */
export interface ReportSearch {
  from?: string;
  to?: string;
}

/** The route's search parser: a real period or none, never half of one. */
export function parseReportSearch(search: Record<string, unknown>): ReportSearch {
  const { from, to } = search;
  return isDay(from) && isDay(to) && periodProblem({ from, to }) === null ? { from, to } : {};
}

/** The period the page shows for its search. */
export const periodOf = (search: ReportSearch, today: string): Period =>
  search.from && search.to ? { from: search.from, to: search.to } : presetPeriod('last30', today);

/** Why the server would refuse a period (the page never sends one): null when it is fine. */
export function periodProblem(p: Period): 'order' | 'length' | null {
  const span = (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY_MS;
  if (span < 0) return 'order';
  return span >= LOANS_REPORT_MAX_DAYS ? 'length' : null;
}

/** A month of the report as the chart names it: "Mar 24", "mar 24", "24年3月". */
export function monthLabel(month: string, locale: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return month;
  return dateFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(d);
}

/** A month in full for the table read out to screen readers: "March 2024". */
export function monthName(month: string, locale: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return month;
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}
