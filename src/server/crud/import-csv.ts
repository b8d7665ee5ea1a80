import { Code } from '../../contract/envelope';
import { IMPORT_FIELD, IMPORT_MAX_ROWS, type ImportFileCode } from '../../contract/import';
import { ApiError } from '../http/errors';
import type { Slicer } from '../lib/slices';
import { CsvReader, type CsvRecord, CsvSyntaxError } from './csv';
import type { ImportDef } from './import';

/** 400 about the file as a whole, with a code the console translates. */
export function fileError(code: ImportFileCode, message: string, params?: Record<string, string | number>): ApiError {
  return new ApiError(Code.Invalid, `Invalid input: ${IMPORT_FIELD}: ${message}`, {
    errors: [{ path: IMPORT_FIELD, message, code, ...(params ? { params } : {}) }],
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text. UTF-8 only, with or without a BOM (the decoder drops it): a lenient decoder
 * would store Latin-1 or UTF-16 bytes as U+FFFD garbage that looks imported. UTF-16 (what Excel
 * calls "Unicode text") is named as such, since that is the usual mistake.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw fileError('utf16', 'is UTF-16 text; save it as CSV UTF-8');
  }
  // UTF-16 without a BOM: a NUL byte beside every ASCII letter (and invalid UTF-8 elsewhere).
  // Counted by the native search, and only until there are that many: a 5 MiB file is one scan.
  let nuls = 0;
  for (let at = bytes.indexOf(0); at !== -1 && nuls * 4 < bytes.length; at = bytes.indexOf(0, at + 1)) nuls++;
  if (nuls * 4 >= bytes.length && nuls > 0) throw fileError('utf16', 'is UTF-16 text; save it as CSV UTF-8');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw fileError('not_utf8', 'is not UTF-8 text; save it as CSV UTF-8');
  }
  // NUL ends strings in C code and PostgreSQL refuses it in text (http/validate.ts textProblem).
  if (nuls > 0) throw fileError('not_utf8', 'is not UTF-8 text; save it as CSV UTF-8');
  return text;
}

/** The export prefixes ' to text starting with = + - @ (csv.ts, against formula injection): undone. */
export const unescapeCell = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** A number cell: empty → absent, a decimal → number, anything else left as text for the schema to refuse. */
export function csvNumber(s: string | undefined): unknown {
  const t = (s ?? '').trim();
  if (t === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

export interface ParsedCsv {
  /** Canonical column names, in file order; null for an ignored column. */
  header: (string | null)[];
  rows: CsvRecord[];
}

/**
 * Header and rows, checked against the resource's columns and the row limit. Read a record at a
 * time, yielding between them, and no further than one row past the limit. Cells past the ones a
 * resource can read are counted, not kept: a header with more names than the resource accepts
 * has an unknown or repeated one among the first that many plus one.
 */
export async function parseCsv(text: string, def: ImportDef, slice: Slicer): Promise<ParsedCsv> {
  const keep = def.columns.length + (def.ignored?.length ?? 0) + 1;
  const { head, rows } = await readRecords(new CsvReader(text), keep, slice);
  const header = canonicalHeader(head, def);
  checkRequired(header, def);
  return { header, rows };
}

/** The header record and the data records, no further than one past the row limit. */
async function readRecords(reader: CsvReader, keep: number, slice: Slicer) {
  let head: CsvRecord | null;
  const rows: CsvRecord[] = [];
  try {
    head = await reader.next(keep, slice);
    for (let row = head && (await reader.next(keep, slice)); row; row = await reader.next(keep, slice)) {
      rows.push(row);
      // One record past the limit is enough to know it is past the limit.
      if (rows.length > IMPORT_MAX_ROWS) break;
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError) {
      throw fileError('malformed', `is not valid CSV (near line ${err.line}: ${err.message})`, { line: err.line });
    }
    throw err;
  }
  if (!head || rows.length === 0) throw fileError('empty', 'has no data rows (a header row, then one row per record)');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw fileError('too_many_rows', `has more than ${IMPORT_MAX_ROWS} rows; split it into several files`, {
      max: IMPORT_MAX_ROWS,
    });
  }
  return { head, rows };
}

/** Each header cell as the resource's column name (matched case-insensitively), null if ignored. */
function canonicalHeader(head: CsvRecord, def: ImportDef): (string | null)[] {
  const known = new Map(def.columns.map((c) => [c.toLowerCase(), c]));
  const ignored = new Set((def.ignored ?? []).map((c) => c.toLowerCase()));
  const header: (string | null)[] = [];
  const seen = new Set<string>();
  for (const raw of head.cells) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (seen.has(key)) throw fileError('duplicate_column', `has the column "${name}" twice`, { column: name });
    seen.add(key);
    if (ignored.has(key)) header.push(null);
    else if (known.has(key)) header.push(known.get(key) as string);
    else {
      throw fileError('unknown_column', `has an unknown column "${name}" (known: ${def.columns.join(', ')})`, {
        column: name,
      });
    }
  }
  return header;
}

function checkRequired(header: (string | null)[], def: ImportDef): void {
  for (const need of def.required) {
    const names = typeof need === 'string' ? [need] : need;
    if (!names.some((n) => header.includes(n))) {
      const column = names.join(' / ');
      throw fileError('missing_column', `has no column "${column}"`, { column });
    }
  }
}
