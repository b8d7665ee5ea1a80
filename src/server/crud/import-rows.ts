import type { FieldError } from '../../contract/envelope';
import { REPORT_INPUT } from '../../contract/field-codes';
import { IMPORT_MAX_ERRORS, IMPORT_PREVIEW_ROWS, type ImportReport, type ImportRowError } from '../../contract/import';
import type { AuthUser } from '../context';
import { ApiError } from '../http/errors';
import { fieldErrors } from '../http/validate';
import type { Slicer } from '../lib/slices';
import type { CsvRecord } from './csv';
import type { ImportTarget, RowProblem } from './import';
import { type ParsedCsv, unescapeCell } from './import-csv';
import type { Db, UniqueRule } from './types';
import { loose } from './write';

/** Values per unique-check query: far below both engines' parameter limits. */
const CHUNK = 500;

export interface ValidRow {
  row: number;
  columns: Record<string, unknown>;
}

/** The errors of an import: the first problem of a row's field is the one reported. */
class RowErrors {
  readonly list: ImportRowError[] = [];
  /** Rows with at least one problem, listed or not. */
  readonly bad = new Set<number>();
  private readonly listed = new Set<string>();

  fail(row: number, p: RowProblem): void {
    this.bad.add(row);
    const key = `${row}\u0000${p.field}`;
    if (this.listed.has(key)) return;
    this.listed.add(key);
    this.list.push({ row, ...p });
  }

  /** Errors of later rows never reach the report once it lists its maximum (they sort after). */
  get full(): boolean {
    return this.list.length >= IMPORT_MAX_ERRORS;
  }
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
  const refs = await target.importer.load?.(db);
  const errors = new RowErrors();
  const candidates: ValidRow[] = [];
  const preview: Record<string, unknown>[] = [];
  const seen = target.unique.map(() => new Map<string, number>());

  for (const [i, record] of csv.rows.entries()) {
    await slice.tick();
    const row = i + 2;
    const cells = cellsOf(csv.header, record);
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row, ...cells });
    const columns = await readRow(target, csv.header.length, record.count, row, cells, refs, user, errors);
    if (columns && !duplicateInFile(target.unique, seen, row, columns, errors)) candidates.push({ row, columns });
  }
  await duplicatesInDatabase(db, target, candidates, errors, slice);

  errors.list.sort((a, b) => a.row - b.row);
  const { bad } = errors;
  return {
    report: {
      total: csv.rows.length,
      valid: csv.rows.length - bad.size,
      invalid: bad.size,
      errors: errors.list.slice(0, IMPORT_MAX_ERRORS),
      preview,
    },
    valid: candidates.filter((c) => !bad.has(c.row)),
  };
}

/** A record's cells by column name, with the export's formula escape undone. */
function cellsOf(header: (string | null)[], { cells }: CsvRecord): Record<string, string> {
  const record: Record<string, string> = {};
  header.forEach((name, j) => {
    if (name) record[name] = unescapeCell(cells[j] ?? '');
  });
  return record;
}

/** One row read by the resource, checked by the create schema and turned into columns; null if refused. */
async function readRow(
  target: ImportTarget,
  width: number,
  count: number,
  row: number,
  cells: Record<string, string>,
  refs: unknown,
  user: AuthUser,
  errors: RowErrors,
): Promise<Record<string, unknown> | null> {
  if (count !== width) {
    const message = `has ${count} cells; the header has ${width}`;
    errors.fail(row, { field: 'row', code: 'cell_count', message, params: { cells: count, columns: width } });
    return null;
  }
  const problems: RowProblem[] = [];
  const input = target.importer.toInput(cells, refs, (p) => problems.push(p));
  const parsed = target.create.safeParse(input, REPORT_INPUT);
  if (problems.length > 0 || !parsed.success) {
    // Once the report is full the row is counted as invalid without wording its errors.
    if (errors.full) {
      errors.bad.add(row);
      return null;
    }
    if (!parsed.success) for (const e of fieldErrors(parsed.error)) problems.push(invalidProblem(e));
    for (const p of problems) errors.fail(row, p);
    return null;
  }
  try {
    return await target.toColumns(parsed.data as never, { user });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const list = (err.data as { errors?: FieldError[] } | null)?.errors ?? [];
    for (const e of list.length > 0 ? list : [{ path: 'row', message: err.msg }]) errors.fail(row, invalidProblem(e));
    return null;
  }
}

/** A unique value an earlier row of the file already has; `seen` keeps each rule's values and rows. */
function duplicateInFile(
  unique: readonly UniqueRule[],
  seen: Map<string, number>[],
  row: number,
  columns: Record<string, unknown>,
  errors: RowErrors,
): boolean {
  let duplicate = false;
  unique.forEach((rule, r) => {
    const value = columns[rule.column];
    if (value === undefined || value === null) return;
    const key = JSON.stringify([...(rule.scope ?? []).map((s) => columns[s]), value]);
    const first = seen[r]?.get(key);
    if (first !== undefined) {
      duplicate = true;
      errors.fail(row, {
        field: rule.field,
        code: 'duplicate_in_file',
        message: `"${String(value)}" is also in row ${first}`,
        params: { value: String(value), row: first },
      });
    } else seen[r]?.set(key, row);
  });
  return duplicate;
}

/** Unique values already in the database: one query per rule and chunk, not one per row. */
async function duplicatesInDatabase(
  db: Db,
  target: ImportTarget,
  candidates: ValidRow[],
  errors: RowErrors,
  slice: Slicer,
): Promise<void> {
  for (const rule of target.unique) {
    const withValue = candidates.filter((c) => c.columns[rule.column] !== undefined && c.columns[rule.column] !== null);
    const cols = [...(rule.scope ?? []), rule.column];
    for (let at = 0; at < withValue.length; at += CHUNK) {
      await slice.tick();
      const chunk = withValue.slice(at, at + CHUNK);
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
        if (!existing.has(JSON.stringify(cols.map((col) => c.columns[col])))) continue;
        const value = String(c.columns[rule.column]);
        const message = rule.message?.(value) ?? `"${value}" is already in use`;
        errors.fail(c.row, { field: rule.field, code: 'duplicate', message, params: { value } });
      }
    }
  }
}

/** A row the form's rules refuse: its field code rides along as `params.reason` (with its parameters) for the console to word. */
function invalidProblem(e: FieldError): RowProblem {
  const reason = e.code ? { reason: e.code, ...(e.params as Record<string, string | number> | undefined) } : undefined;
  return { field: e.path, code: 'invalid', message: e.message, ...(reason ? { params: reason } : {}) };
}
