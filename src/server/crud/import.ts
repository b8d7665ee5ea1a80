import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { Code } from '../../contract/envelope';
import { IMPORT_FIELD, IMPORT_MAX_BYTES, type ImportRowCode } from '../../contract/import';
import { currentUser } from '../auth/middleware';
import type { AppEnv, AuthUser } from '../context';
import { type AuditEntry, writeAudits } from '../db/repositories/audit';
import type { TableName } from '../db/schema';
import { ok } from '../http/envelope';
import { ApiError, tooLarge, unsupportedType } from '../http/errors';
import { readForm } from '../http/forms';
import { requestSlicer, type Slicer } from '../lib/slices';
import type { Services } from '../services';
import { decodeCsv, fileError, parseCsv } from './import-csv';
import { type ValidRow, validateRows } from './import-rows';
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

/** What bulk-routes.ts hands over: the resource's own parts the import needs. */
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

/**
 * Rows per INSERT (and their audit rows): on SQLite each statement runs without a break, so this
 * bounds the longest pause of the event loop while an import writes (about 10 ms on two cores).
 */
const INSERT_CHUNK = 100;

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
  services: Services,
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
      const { report } = await validateRows(services.db, target, csv, user, slice);
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
      return createRows(trx, target, valid, user, services.now().toISOString(), slice);
    });
    await target.committed?.(c, created);
    return ok(c, { created: created.length }, 201);
  });
}
