import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateFormat } from '../../components/format';
import type { DataPoint, SystemInfo as SystemInfoContract } from '../../contract/system';

/**
 * GET /system/info (contract/system.ts), read defensively: an older or newer server may leave a
 * field out, and the home page must still render.
 */
export type SystemInfo = Partial<SystemInfoContract>;

export interface CountEntry {
  key: string;
  label: MessageDescriptor | string;
  value: number | null;
}

/** Known resources in card order, with the spellings a server might use for each. */
const KNOWN: { key: string; aliases: string[]; label: MessageDescriptor; always?: boolean }[] = [
  { key: 'book', aliases: ['books'], label: msg`Books`, always: true },
  { key: 'category', aliases: ['categories'], label: msg`Categories`, always: true },
  {
    key: 'subclass',
    aliases: ['category/subclass', 'categorySubclass', 'subclasses'],
    label: msg`Category subclasses`,
  },
  { key: 'users', aliases: ['readers'], label: msg`Readers`, always: true },
  { key: 'apply', aliases: ['applies', 'applications'], label: msg`Applications`, always: true },
  { key: 'online', aliases: ['messages'], label: msg`Online messages` },
  { key: 'news', aliases: [], label: msg`News` },
  { key: 'banner', aliases: ['banners'], label: msg`Banners` },
  { key: 'resource', aliases: ['resources'], label: msg`Resources` },
  { key: 'bibliography', aliases: [], label: msg`Bibliography` },
  { key: 'video', aliases: ['videos'], label: msg`Videos` },
  { key: 'image', aliases: ['images'], label: msg`Images` },
  { key: 'user', aliases: ['staff'], label: msg`Staff` },
  { key: 'url', aliases: ['links', 'URL'], label: msg`Site links` },
];

const asCount = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The stat cards: known resources in a fixed order (the core four even when the server sent no
 * count, shown as "—"), then any other counts under their own key.
 */
export function countEntries(counts: SystemInfo['counts'] | unknown): CountEntry[] {
  const source: Record<string, unknown> =
    counts && typeof counts === 'object' ? (counts as Record<string, unknown>) : {};
  const used = new Set<string>();
  const entries: CountEntry[] = [];
  for (const known of KNOWN) {
    const found = [known.key, ...known.aliases].find((k) => k in source);
    if (found) used.add(found);
    if (found || known.always)
      entries.push({ key: known.key, label: known.label, value: asCount(found && source[found]) });
  }
  for (const key of Object.keys(source).sort()) {
    if (!used.has(key) && asCount(source[key]) !== null) entries.push({ key, label: key, value: asCount(source[key]) });
  }
  return entries;
}

/**
 * The cards shown while the counts load: one per known resource (what this project's server
 * sends), so the cards that arrive take the placeholders' places and nothing below them moves.
 */
export function placeholderEntries(): CountEntry[] {
  return KNOWN.map((k) => ({ key: k.key, label: k.label, value: null }));
}

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
