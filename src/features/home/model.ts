import type { MessageDescriptor } from '@lingui/core';
import { dateFormat } from '../../components/format';
import type { NounLabels } from '../../components/resource/noun-labels';
import type { DataPoint, SystemInfo as SystemInfoContract } from '../../contract/system';
import { LABELS, type LabelledNoun } from '../../resources/labels';

/**
 * GET /system/info (contract/system.ts), read defensively: an older or newer server may leave a
 * field out, and the home page must still render.
 */
export type SystemInfo = Partial<SystemInfoContract>;

export interface CountEntry {
  /** The noun (src/resources/specs.ts), as `/system/info` keys its count. */
  key: LabelledNoun;
  label: MessageDescriptor;
  value: number | null;
}

const asCount = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Nouns that are settings rather than records: no card counts them. */
const SETTINGS: ReadonlySet<LabelledNoun> = new Set(['loanPolicy']);

/**
 * The stat cards: one per noun with records, in the menu's order (src/resources/labels.ts), named
 * as staff call it (About us by its site links, which it counts); a count the server did not send
 * shows as "—".
 */
export function countEntries(counts: SystemInfo['counts'] | unknown): CountEntry[] {
  const source: Record<string, unknown> =
    counts && typeof counts === 'object' ? (counts as Record<string, unknown>) : {};
  return (Object.entries(LABELS) as [LabelledNoun, NounLabels][])
    .filter(([key]) => !SETTINGS.has(key))
    .map(([key, labels]) => ({
      key,
      label: labels.counted ?? labels.name,
      value: asCount(Object.hasOwn(source, key) ? source[key] : undefined),
    }));
}

/** The cards shown while the counts load, so the cards that arrive take their places and nothing moves. */
export const placeholderEntries = (): CountEntry[] => countEntries(undefined);

export const DATABASE_NAMES: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** Uptime split for display ("3 d 4 h", "4 h 12 min", "12 min"). */
export function splitDuration(totalSeconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/** A day of /system/data/list as the chart's x axis shows it ("Mar 4"); the date is UTC. */
export function dayLabel(date: string, locale: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return dateFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** Totals over the period, for the chart's heading. */
export function activityTotals(points: readonly DataPoint[]): { newUsers: number; applies: number; uploads: number } {
  return points.reduce(
    (t, p) => ({ newUsers: t.newUsers + p.newUsers, applies: t.applies + p.applies, uploads: t.uploads + p.uploads }),
    { newUsers: 0, applies: 0, uploads: 0 },
  );
}

export const VOD_STATUSES = ['normal', 'uploading', 'failed'] as const;
