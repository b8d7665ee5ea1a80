/**
 * CSV import (`POST /{r}/import`) and batch edit (`POST /{r}/batch`): limits, shapes and the
 * codes the console translates. Plain TypeScript (no zod), so a list screen can import it cheaply.
 */

/** The multipart field that carries the CSV file. */
export const IMPORT_FIELD = 'file';
/** 5 MiB: a larger file is refused with 413 before it is parsed. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows (the header not counted) one import may hold. */
export const IMPORT_MAX_ROWS = 10_000;
/** Row errors listed in a report; `invalid` still counts every bad row. */
export const IMPORT_MAX_ERRORS = 1000;
/** Rows of a dry run echoed back as the server read them, so the console can preview them. */
export const IMPORT_PREVIEW_ROWS = 5;

/**
 * Why a row was refused. `invalid`: the contract's own message (the same the form shows);
 * `duplicate_in_file`: params.row is the earlier row with the same value; `duplicate`: the value is
 * already in the database; `not_found`: params.value names no record (a category by id or name);
 * `wrong_parent`: a subclass of another category; `cell_count`: params.cells vs params.columns.
 */
export type ImportRowCode = 'invalid' | 'duplicate_in_file' | 'duplicate' | 'not_found' | 'wrong_parent' | 'cell_count';

export interface ImportRowError {
  /** Spreadsheet row number: the header is row 1, the first data row is row 2. */
  row: number;
  /** The column (contract field name) at fault. */
  field: string;
  /** English text; `code` and `params` let the console say it in the user's language. */
  message: string;
  code: ImportRowCode;
  params?: Record<string, string | number>;
}

/** `data` of a dry run, and of the 400 that refuses an import with any invalid row. */
export interface ImportReport {
  total: number;
  valid: number;
  invalid: number;
  errors: ImportRowError[];
  /** Dry run only: the first rows as they would be created (contract field names). */
  preview?: Record<string, unknown>[];
}

export interface ImportResult {
  created: number;
}

/**
 * Problems with the file as a whole: 400 with `data.errors: [{ path: 'file', message, code,
 * params }]` (413 for a file over IMPORT_MAX_BYTES).
 */
export type ImportFileCode =
  | 'required'
  | 'not_utf8'
  | 'utf16'
  | 'empty'
  | 'malformed'
  | 'too_many_rows'
  | 'unknown_column'
  | 'duplicate_column'
  | 'missing_column';

export interface ImportFileError {
  path: 'file';
  message: string;
  code: ImportFileCode;
  params?: Record<string, string | number>;
}

/**
 * Records one batch edit may touch (by ids or by filter). Each is checked and written as PUT does
 * it, about 2 ms a record on SQLite (docs/api-additions.md), all in one transaction that holds the
 * database meanwhile: 2,000 keeps it to seconds.
 */
export const BATCH_MAX_ROWS = 2_000;

/** A record that was not changed because it changed (or went) since the client read it. */
export interface BatchConflict {
  id: number;
  /** The version the client sent (filter mode: the one read inside the transaction). */
  version: number;
  /** The version now; null when the record is gone. */
  current: number | null;
}

/** `data` of `POST /{r}/batch` (a dry run reports what would happen, writing nothing). */
export interface BatchResult {
  /** Records the request named (ids) or the filter matched. */
  matched: number;
  /** Records changed (dry run: that would change), one audit row each. */
  changed: number;
  /** Records that already had the values set. */
  unchanged: number;
  conflicts: BatchConflict[];
}
