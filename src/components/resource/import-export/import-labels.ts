import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale } from '../../../lib/i18n';
import { cellOut, type LabelSource, type PeopleLabels, parseCsv, peopleLabels } from './csv-for-people';

/*
 * The import reads field names and raw values (docs/api-additions.md), the "for import" export's
 * form. A file in the "for people" form (an export for people, or a sheet a person made with the
 * screen's words) is turned into that form here, before it is sent: each header that is a field's
 * label in any of the four languages becomes the field's name, and in a column with a list of
 * values each cell that is an option's label becomes its value. The server's API is unchanged.
 */

const key = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** Every language's catalogue, loaded when an import needs it (the same files lib/i18n.ts loads). */
const catalogues = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po');

/**
 * The screen's labels in each language, `current`'s first (its words win where two languages
 * disagree). A language whose catalogue cannot be loaded (offline) is left out.
 */
export async function labelSets(resource: LabelSource, current: string): Promise<PeopleLabels[]> {
  const locales = (Object.keys(LOCALES) as Locale[]).sort((a, b) => Number(b === current) - Number(a === current));
  const sets = await Promise.all(
    locales.map(async (locale) => {
      const load = catalogues[`../../../locales/${locale}/messages.po`];
      if (!load) return null;
      try {
        const { messages } = await load();
        const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } });
        return preferringFields(peopleLabels(resource, i18n), resource);
      } catch {
        return null;
      }
    }),
  );
  return sets.filter((s): s is PeopleLabels => s !== null);
}

/** What the database assigns: an export's columns, never a form's. */
const RECORD_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'];

/**
 * The labels with the names an import reads first: the form's fields (a reference's name beside
 * its id), the record's own, then the list's columns, then the filters. Where two names share a
 * label the first is meant: in ja "更新日時" labels both the column `updatedAt` and the range filter
 * `updated`, and only the first is a column of the file.
 */
function preferringFields(labels: PeopleLabels, resource: LabelSource): PeopleLabels {
  const first = [
    ...(resource.form?.fields ?? []).flatMap((f) =>
      /[a-z]Id$/.test(f.name) ? [f.name, `${f.name.slice(0, -2)}Name`] : [f.name],
    ),
    ...RECORD_FIELDS,
    ...resource.columns.map((c) => c.key),
  ];
  const headers: Record<string, string> = {};
  for (const name of first) {
    const label = labels.headers[name];
    if (label !== undefined) headers[name] ??= label;
  }
  for (const [name, label] of Object.entries(labels.headers)) headers[name] ??= label;
  return { headers, values: labels.values };
}

/** Label → field name; where two fields share a label, the first (see preferringFields). */
function fieldsByLabel(labels: PeopleLabels): Map<string, string> {
  const out = new Map<string, string>();
  for (const [field, label] of Object.entries(labels.headers)) if (!out.has(key(label))) out.set(key(label), field);
  return out;
}

/**
 * `text` as the import reads it, or null when it already is (then the file goes as it is, byte for
 * byte). Field names and raw values stay; what is neither a field name nor a label stays too, for
 * the server to name in its report.
 */
export function toImportCsv(text: string, sets: readonly PeopleLabels[]): string | null {
  const rows = parseCsv(text);
  const [header, ...records] = rows;
  if (!header || sets.length === 0) return null;
  // Exactly a field name: as it is. Compared case-insensitively, "Category" (categoryName's
  // English label) would pass for the list column `category`, which no import reads.
  const fields = new Set(Object.keys(sets[0]?.headers ?? {}));
  const byLabel = sets.map(fieldsByLabel);
  let changed = false;
  // The language whose labels the header used: its value labels are read first.
  const votes = sets.map(() => 0);
  const columns = header.map((cell) => {
    if (fields.has(cell.trim())) return cell.trim();
    const k = key(cell);
    for (const [i, labels] of byLabel.entries()) {
      const field = labels.get(k);
      if (field === undefined) continue;
      votes[i] = (votes[i] ?? 0) + 1;
      changed = true;
      return field;
    }
    return null;
  });
  const order = sets.map((_, i) => i).sort((a, b) => (votes[b] ?? 0) - (votes[a] ?? 0));
  const outHeader = header.map((cell, i) => columns[i] ?? cell);

  // Per column with a value list: raw values as they are, labels (the header's language first) → value.
  const rawValue = columns.map((field) => {
    if (field === null) return null;
    const raw = new Set<string>();
    const labels = new Map<string, string>();
    for (const i of order) {
      for (const [value, label] of Object.entries(sets[i]?.values[field] ?? {})) {
        raw.add(value);
        if (!labels.has(key(label))) labels.set(key(label), value);
      }
    }
    if (raw.size === 0) return null;
    return (cell: string) => {
      if (raw.has(cell) || raw.has(cell.trim())) return cell;
      const value = labels.get(key(cell));
      if (value === undefined) return cell;
      changed = true;
      return value;
    };
  });
  const outRecords = records.map((r) => r.map((cell, i) => rawValue[i]?.(cell) ?? cell));
  if (!changed) return null;
  return `\ufeff${[outHeader, ...outRecords].map((r) => r.map(cellOut).join(',')).join('\r\n')}\r\n`;
}

/** A reference field's column in a template: its name, which reads the same in every database. */
const templateColumn = (field: string) => (/[a-z]Id$/.test(field) ? `${field.slice(0, -2)}Name` : field);

/**
 * A file to start an import from: the header row of the fields the form has (the columns an import
 * reads; a reference by its name), and one row showing the form of what is not free text: a list's
 * first raw value, a date, a number. Free text is left empty for the member to fill in.
 */
export function templateCsv(resource: LabelSource): string {
  const fields = resource.form?.fields ?? [];
  const header = fields.map((f) => templateColumn(f.name));
  const example = fields.map((f) => {
    const first = f.options?.[0];
    if (first) return String(first.value);
    if (f.kind === 'date') return '2024-01-31';
    if (f.kind === 'number') return String(f.min ?? 0);
    return '';
  });
  return `\ufeff${[header, example].map((r) => r.map(cellOut).join(',')).join('\r\n')}\r\n`;
}
