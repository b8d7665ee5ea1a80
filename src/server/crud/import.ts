import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { Code, type FieldError } from '../../contract/envelope';
import { REPORT_INPUT } from '../../contract/field-codes';
import {
  IMPORT_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportFileCode,
  type ImportReport,
  type ImportRowCode,
  type ImportRowError,
} from '../../contract/import';
import { currentUser } from '../auth/middleware';
import type { AppDeps, AppEnv, AuthUser } from '../context';
import { type AuditEntry, writeAudits } from '../db/repositories/audit';
import type { TableName } from '../db/schema';
import { ok } from '../http/envelope';
import { ApiError, tooLarge, unsupportedType } from '../http/errors';
import { readForm } from '../http/forms';
import { fieldErrors } from '../http/validate';
import { requestSlicer, type Slicer } from '../lib/slices';
import { CsvReader, type CsvRecord, CsvSyntaxError } from './csv';
import type { Db, UniqueRule } from './types';
import { loose } from './write';

/** A problem of one row found by a resource's own rules (a reference that does not resolve). */
export interface RowProblem {
  field: string;
  code: ImportRowCode;
  message: string;
  params?: Record<string, string | number>;
}

/**
 * What a resource adds to take CSV imports: which columns it reads and how a row's text becomes
 * the create schema's input. Everything else (parsing, limits, the schema, unique values, the
 * transaction, audit rows) is the machinery's, the same for every resource.
 */
export interface ImportDef<Refs = unknown> {
  /** Header names read (the export's columns, matched case-insensitively). */
  columns: readonly string[];
  /** Header names accepted and ignored: what the database assigns (id, version, timestamps). */
  ignored?: readonly string[];
  /** Columns the header must have; an inner list is satisfied by any one of its names. */
  required: readonly (string | readonly string[])[];
  /** Reference data read once per import (categories by id and by name), inside its transaction. */
  load?(db: Db): Promise<Refs>;
  /** A row's cells (column → text) → the create schema's input; references that fail → `fail`. */
  toInput(cells: Record<string, string>, refs: Refs, fail: (p: RowProblem) => void): Record<string, unknown>;
}

/** What define-resource.ts hands over: the resource's own parts the import needs. */
export interface ImportTarget {
  name: string;
  table: TableName;
  create: z.ZodType;
  toColumns: (input: never, ctx: { user: AuthUser }) => Promise<Record<string, unknown>> | Record<string, unknown>;
  unique: readonly UniqueRule[];
  /** The API records of these ids (the resource's one SELECT). */
  records: (db: Db, ids: number[]) => Promise<Record<string, unknown>[]>;
  audit: (user: AuthUser, id: number, at: string, record: Record<string, unknown>) => AuditEntry;
  /** One transaction; driver constraint errors become 409/400 envelopes. */
  write: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>;
  importer: ImportDef;
  /** After the commit: the records created (open consoles hear of each, lists refresh). */
  committed?: (c: Context<AppEnv>, ids: number[]) => Promise<void> | void;
}

/** Values per unique-check query: far below both engines' parameter limits. */
const CHUNK = 500;
/**
 * Rows per INSERT (and their audit rows): on SQLite each statement runs without a break, so this
 * bounds the longest pause of the event loop while an import writes (about 10 ms on two cores).
 */
const INSERT_CHUNK = 100;

/** 400 about the file as a whole, with a code the console translates. */
function fileError(code: ImportFileCode, message: string, params?: Record<string, string | number>): ApiError {
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

interface ParsedCsv {
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
  const reader = new CsvReader(text);
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
  for (const need of def.required) {
    const names = typeof need === 'string' ? [need] : need;
    if (!names.some((n) => header.includes(n))) {
      const column = names.join(' / ');
      throw fileError('missing_column', `has no column "${column}"`, { column });
    }
  }
  return { header, rows };
}

interface ValidRow {
  row: number;
  columns: Record<string, unknown>;
}

/**
 * Every row through the resource's reading, the create schema (exactly the form's rules) and its
 * unique rules, within the file and against the database. Nothing is written.
 */
export async function validateRows(
  db: Db,
  target: ImportTarget,
  csv: ParsedCsv,
  user: AuthUser,
  slice: Slicer,
): Promise<{ report: ImportReport; valid: ValidRow[] }> {
  const def = target.importer;
  const refs = await def.load?.(db);
  const errors: ImportRowError[] = [];
  const bad = new Set<number>();
  // Row and field of each error listed: the first problem of a field is the one reported.
  const listed = new Set<string>();
  const fail = (row: number, p: RowProblem) => {
    bad.add(row);
    const key = `${row}\u0000${p.field}`;
    if (listed.has(key)) return;
    listed.add(key);
    errors.push({ row, ...p });
  };
  const candidates: ValidRow[] = [];
  const preview: Record<string, unknown>[] = [];
  const seen = target.unique.map(() => new Map<string, number>());

  for (const [i, { cells, count }] of csv.rows.entries()) {
    await slice.tick();
    const row = i + 2;
    const record: Record<string, string> = {};
    csv.header.forEach((name, j) => {
      if (name) record[name] = unescapeCell(cells[j] ?? '');
    });
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row, ...record });
    if (count !== csv.header.length) {
      fail(row, {
        field: 'row',
        code: 'cell_count',
        message: `has ${count} cells; the header has ${csv.header.length}`,
        params: { cells: count, columns: csv.header.length },
      });
      continue;
    }
    const problems: RowProblem[] = [];
    const input = def.toInput(record, refs, (p) => problems.push(p));
    const parsed = target.create.safeParse(input, REPORT_INPUT);
    if (problems.length > 0 || !parsed.success) {
      // Errors of later rows never reach the report once it lists its maximum (they sort after):
      // the row is counted as invalid without wording them.
      if (errors.length >= IMPORT_MAX_ERRORS) {
        bad.add(row);
        continue;
      }
      if (!parsed.success) for (const e of fieldErrors(parsed.error)) problems.push(invalidProblem(e));
      for (const p of problems) fail(row, p);
      continue;
    }
    let columns: Record<string, unknown>;
    try {
      columns = await target.toColumns(parsed.data as never, { user });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const list = (err.data as { errors?: FieldError[] } | null)?.errors ?? [];
      for (const e of list.length > 0 ? list : [{ path: 'row', message: err.msg }]) fail(row, invalidProblem(e));
      continue;
    }
    let duplicate = false;
    target.unique.forEach((rule, r) => {
      const value = columns[rule.column];
      if (value === undefined || value === null) return;
      const key = JSON.stringify([...(rule.scope ?? []).map((s) => columns[s]), value]);
      const first = seen[r]?.get(key);
      if (first !== undefined) {
        duplicate = true;
        fail(row, {
          field: rule.field,
          code: 'duplicate_in_file',
          message: `"${String(value)}" is also in row ${first}`,
          params: { value: String(value), row: first },
        });
      } else seen[r]?.set(key, row);
    });
    if (!duplicate) candidates.push({ row, columns });
  }

  // Against the database: one query per rule and chunk, not one per row.
  for (const rule of target.unique) {
    const withValue = candidates.filter((c) => c.columns[rule.column] !== undefined && c.columns[rule.column] !== null);
    for (let at = 0; at < withValue.length; at += CHUNK) {
      await slice.tick();
      const chunk = withValue.slice(at, at + CHUNK);
      const cols = [...(rule.scope ?? []), rule.column];
      const q = loose(db)
        .selectFrom(target.table)
        .select(cols)
        .where(
          rule.column,
          'in',
          chunk.map((c) => c.columns[rule.column]),
        );
      const existing = new Set((await q.execute()).map((r) => JSON.stringify(cols.map((c) => r[c]))));
      for (const c of chunk) {
        const key = JSON.stringify(cols.map((col) => c.columns[col]));
        if (existing.has(key)) {
          const value = String(c.columns[rule.column]);
          fail(c.row, {
            field: rule.field,
            code: 'duplicate',
            message: rule.message?.(value) ?? `"${value}" is already in use`,
            params: { value },
          });
        }
      }
    }
  }

  errors.sort((a, b) => a.row - b.row);
  const valid = candidates.filter((c) => !bad.has(c.row));
  return {
    report: {
      total: csv.rows.length,
      valid: csv.rows.length - bad.size,
      invalid: bad.size,
      errors: errors.slice(0, IMPORT_MAX_ERRORS),
      preview,
    },
    valid,
  };
}

/** Creates every row, with its audit row, in the caller's transaction; the new ids. */
async function createRows(
  trx: Db,
  target: ImportTarget,
  rows: ValidRow[],
  user: AuthUser,
  at: string,
  slice: Slicer,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await slice.tick();
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const inserted = await loose(trx)
      .insertInto(target.table)
      .values(chunk.map((r) => ({ ...r.columns, version: 0, created_at: at, updated_at: at })))
      .returning('id')
      .execute();
    const records = await target.records(
      trx,
      inserted.map((r) => Number(r.id)),
    );
    await writeAudits(
      trx,
      records.map((rec) => target.audit(user, Number(rec.id), at, rec)),
    );
    for (const r of inserted) ids.push(Number(r.id));
  }
  return ids;
}

/** The CSV file of a multipart request: 415 for other bodies, 400 without one, 413 over the limit. */
async function readCsvFile(c: Context): Promise<Uint8Array> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw unsupportedType('Content-Type must be multipart/form-data');
  const form = await readForm(c);
  const file = form[IMPORT_FIELD];
  if (!(file instanceof File)) {
    throw fileError('required', Array.isArray(file) ? 'one file only' : 'required (a CSV file)');
  }
  if (file.size > IMPORT_MAX_BYTES) throw tooLarge('CSV file', '5 MiB');
  return new Uint8Array(await file.arrayBuffer());
}

/** `POST /{r}/import[?dryRun=1]` (docs/api-additions.md). */
export function registerImport(
  app: Hono<AppEnv>,
  deps: AppDeps,
  guard: MiddlewareHandler<AppEnv>,
  target: ImportTarget,
) {
  app.post('/import', guard, async (c) => {
    // In slices, so other requests are answered meanwhile; a client that leaves stops the work and
    // rolls the transaction back.
    const slice = requestSlicer(c);
    const dryRun = ['1', 'true'].includes(c.req.query('dryRun') ?? '');
    const csv = await parseCsv(decodeCsv(await readCsvFile(c)), target.importer, slice);
    const user = currentUser(c);
    if (dryRun) {
      const { report } = await validateRows(deps.db, target, csv, user, slice);
      return ok(c, report);
    }
    // Checked again inside the transaction, so a value taken meanwhile cannot slip in.
    const created = await target.write(async (trx) => {
      const { report, valid } = await validateRows(trx, target, csv, user, slice);
      if (report.invalid > 0) {
        const { preview: _, ...rest } = report;
        throw new ApiError(
          Code.Invalid,
          `Import refused: ${report.invalid} of ${report.total} rows are invalid; nothing was imported`,
          rest,
        );
      }
      return createRows(trx, target, valid, user, deps.now().toISOString(), slice);
    });
    await target.committed?.(c, created);
    return ok(c, { created: created.length }, 201);
  });
}

/** A row the form's rules refuse: its field code rides along as `params.reason` (with its parameters) for the console to word. */
function invalidProblem(e: FieldError): RowProblem {
  const reason = e.code ? { reason: e.code, ...(e.params as Record<string, string | number> | undefined) } : undefined;
  return { field: e.path, code: 'invalid', message: e.message, ...(reason ? { params: reason } : {}) };
}
