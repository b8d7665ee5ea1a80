import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { batchRequest } from '../../contract/batch';
import type { FieldError } from '../../contract/envelope';
import { REPORT_INPUT } from '../../contract/field-codes';
import { BATCH_MAX_ROWS, type BatchConflict, type BatchResult } from '../../contract/import';
import { currentUser } from '../auth/middleware';
import type { AppEnv, AuthUser } from '../context';
import { ok } from '../http/envelope';
import { ApiError, conflict, invalid, invalidField } from '../http/errors';
import { fieldErrors, readJson } from '../http/validate';
import { requestSlicer } from '../lib/slices';
import type { Db, RowBase } from './types';

/** What a resource adds to take batch edits: the fields a batch may set. */
export interface BatchDef {
  /** The `set` schema (contract/batch.ts): which fields, which values. */
  set: z.ZodType;
  /**
   * The record's input after `set` was laid over it, adjusted (mutates `fields`): a book moved to
   * another category without a subclass named loses its old subclass. Null values mean "clear".
   */
  apply?(fields: Record<string, unknown>, set: Record<string, unknown>): void;
}

type Row = RowBase & Record<string, unknown>;

/** What bulk-routes.ts hands over: the resource's own parts a batch edit needs. */
export interface BatchTarget {
  batch: BatchDef;
  /** The update schema: every changed record passes exactly what PUT /{r} would check. */
  update: z.ZodType;
  /** The page schema, for `filter`. */
  page: z.ZodType;
  /** API fields that are not input (createdAt, joined names). */
  strip: readonly string[];
  toApi: (row: Row) => Record<string, unknown>;
  selectById: (db: Db, id: number) => Promise<Row | undefined>;
  /** Every record the page filters match, read in `db` (the transaction). */
  matching: (db: Db, filter: unknown, limit: number) => Promise<Row[]>;
  /**
   * The update of one record as PUT /{r} does it (toColumns, check, prepare, unique, the write with
   * its version in WHERE, the audit row). 'unchanged': the record already has every value (nothing
   * written); 'stale': another writer committed first. With `dryRun`, only the checks run.
   */
  updateOne: (
    db: Db,
    user: AuthUser,
    before: Row,
    input: Record<string, unknown>,
    dryRun: boolean,
  ) => Promise<'unchanged' | 'changed' | 'stale'>;
  write: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>;
  db: Db;
  /** After the commit: the records changed, with their new versions (open consoles hear of each). */
  committed?: (c: Context<AppEnv>, records: { id: number; version: number }[]) => Promise<void> | void;
}

/** A record's API view as update input: what the form would send back, with `set` laid over it. */
function inputOf(target: BatchTarget, before: Row, set: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target.toApi(before))) {
    if (v !== null && !target.strip.includes(k)) fields[k] = v;
  }
  for (const [k, v] of Object.entries(set)) {
    if (v === null) delete fields[k];
    else if (v !== undefined) fields[k] = v;
  }
  target.batch.apply?.(fields, set);
  return { ...fields, id: before.id, version: before.version };
}

/** `POST /{r}/batch` (docs/api-additions.md): one transaction, versions checked per record. */
/**
 * Every record a page filter matches, for a write over all of them: more than BATCH_MAX_ROWS is a
 * field error on `filter`; a count other than the one the user confirmed (`expected`, from what
 * they saw in `seen`) is a 409 with `matched`, so nobody changes records they were not shown.
 */
export async function allMatching(
  matching: (db: Db, filter: unknown, limit: number) => Promise<Row[]>,
  db: Db,
  filter: unknown,
  expected: number | undefined,
  seen: string,
): Promise<Row[]> {
  const rows = await matching(db, filter, BATCH_MAX_ROWS + 1);
  if (rows.length > BATCH_MAX_ROWS) {
    throw invalidField('filter', `matches more than ${BATCH_MAX_ROWS} records; narrow it down`);
  }
  if (expected !== undefined && expected !== rows.length) {
    throw new ApiError(
      conflict('').code,
      `The filter now matches ${rows.length} records, not ${expected}; check ${seen} again`,
      { matched: rows.length },
    );
  }
  return rows;
}

export function registerBatch(app: Hono<AppEnv>, guard: MiddlewareHandler<AppEnv>, target: BatchTarget) {
  const schema = batchRequest(target.batch.set);
  app.post('/batch', guard, async (c) => {
    // Record by record in slices, so other requests are answered meanwhile; a client that leaves
    // stops the work and rolls the transaction back.
    const slice = requestSlicer(c);
    const req = (await readJson(c, schema)) as z.output<typeof schema> & { set: Record<string, unknown> };
    const user = currentUser(c);
    const dryRun = req.dryRun === true;

    const written: { id: number; version: number }[] = [];
    const run = async (db: Db): Promise<BatchResult> => {
      const conflicts: BatchConflict[] = [];
      let rows: Row[];
      if (req.ids) {
        rows = [];
        const seen = new Set<number>();
        for (const { id, version } of req.ids) {
          await slice.tick();
          if (seen.has(id)) throw invalidField('ids', `record ${id} is named twice`);
          seen.add(id);
          const before = await target.selectById(db, id);
          // Changed or removed since the user saw it: reported, never overwritten.
          if (!before || before.version !== version) conflicts.push({ id, version, current: before?.version ?? null });
          else rows.push(before);
        }
      } else {
        rows = await allMatching(target.matching, db, req.filter, req.expected, 'the preview');
      }
      const errors: FieldError[] = [];
      written.length = 0;
      let changed = 0;
      let unchanged = 0;
      for (const before of rows) {
        await slice.tick();
        const parsed = target.update.safeParse(inputOf(target, before, req.set), REPORT_INPUT);
        if (!parsed.success) {
          for (const e of fieldErrors(parsed.error))
            errors.push({ path: `${before.id}.${e.path}`, message: e.message });
          continue;
        }
        if (errors.length > 0) continue;
        const outcome = await target.updateOne(db, user, before, parsed.data as Record<string, unknown>, dryRun);
        if (outcome === 'unchanged') {
          unchanged++;
          continue;
        }
        if (outcome === 'stale') {
          const latest = await target.selectById(db, before.id);
          conflicts.push({ id: before.id, version: before.version, current: latest?.version ?? null });
          continue;
        }
        changed++;
        written.push({ id: before.id, version: before.version + 1 });
      }
      // Records that cannot take the values (the contract's rules) stop the whole batch.
      if (errors.length > 0) throw invalid(errors);
      return { matched: req.ids ? req.ids.length : rows.length, changed, unchanged, conflicts };
    };

    if (dryRun) return ok(c, await run(target.db));
    const result = await target.write(run);
    await target.committed?.(c, written);
    return ok(c, result);
  });
}
