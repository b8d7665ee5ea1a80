import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldKind, Option } from '../types';

/*
 * "For people": the server's export (field names, enum values: the machine-readable form an import
 * reads, kept exactly as it is) rewritten in the console's language: headers become the screen's
 * own labels, enum cells the labels of their options. Dates, numbers and free text are left alone.
 */

/** RFC 4180: rows of cells; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A cell written back: quoted when it must be. The server's ' before formula-like text stays. */
export const cellOut = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export interface PeopleLabels {
  /** Field name → header. */
  headers: Record<string, string>;
  /** Field name → (raw value → label). */
  values: Record<string, Record<string, string>>;
}

/** The export rewritten with `labels`; unknown fields and values stay as they are. */
export function toPeopleCsv(raw: string, labels: PeopleLabels): string {
  const [header = [], ...records] = parseCsv(raw);
  const fields = header;
  const out = [fields.map((f) => labels.headers[f] ?? f)];
  for (const r of records) out.push(r.map((v, i) => labels.values[fields[i] ?? '']?.[v] ?? v));
  return `\ufeff${out.map((r) => r.map(cellOut).join(',')).join('\r\n')}\r\n`;
}

const META: Record<string, MessageDescriptor> = {
  id: msg`ID`,
  version: msg`Version`,
  createdAt: msg`Created at`,
  updatedAt: msg`Updated at`,
};

/**
 * What the labels are read from: a screen's columns, filters and form fields (a ResourceScreen is
 * one), without the parts that depend on its record type, so the import dialog takes any screen.
 */
export interface LabelSource {
  columns: readonly { key: string; label: MessageDescriptor; hideLabel?: boolean }[];
  filters?: readonly { name: string; label: MessageDescriptor; options?: readonly Option[] }[];
  form?: {
    fields: readonly { name: string; label: MessageDescriptor; kind: FieldKind; options?: Option[]; min?: number }[];
  };
}

/**
 * Headers and value labels from what the screen already shows: its columns, form fields and
 * filters. `categoryName` reads as the label of `category`/`categoryId`; `categoryId` as "… (ID)".
 */
export function peopleLabels(resource: LabelSource, i18n: I18n): PeopleLabels {
  const headers: Record<string, string> = {};
  const values: Record<string, Record<string, string>> = {};
  const label = (name: string, m: MessageDescriptor) => {
    headers[name] ??= i18n._(m);
  };
  const options = (name: string, opts: readonly Option[] | undefined) => {
    if (!opts) return;
    values[name] ??= Object.fromEntries(opts.map((o) => [String(o.value), i18n._(o.label)]));
  };
  for (const f of resource.form?.fields ?? []) {
    label(f.name, f.label);
    options(f.name, f.options);
  }
  for (const f of resource.filters ?? []) {
    label(f.name, f.label);
    options(f.name, f.options);
  }
  for (const c of resource.columns) if (!c.hideLabel) label(c.key, c.label);
  for (const [k, m] of Object.entries(META)) label(k, m);
  // A reference field (categoryId, labelled "Category") exports as its number and its name:
  // categoryName takes the label, categoryId says it is the number.
  const idLabel = i18n._(msg`ID`);
  for (const k of Object.keys(headers)) {
    if (!/[a-z]Id$/.test(k)) continue;
    const name = `${k.slice(0, -2)}Name`;
    headers[name] ??= headers[k] as string;
    headers[k] = `${headers[k]} (${idLabel})`;
  }
  return { headers, values };
}
