import type { Context, Hono, MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { type BulkDeleteRefusal, type BulkDeleteResult, bulkDeleteRequest } from '../../contract/bulk-delete';
import { ruleReasonOf } from '../../contract/rule-codes';
import { currentUser } from '../auth/middleware';
import type { AppEnv, AuthUser } from '../context';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { readJson } from '../http/validate';
import { requestSlicer } from '../lib/slices';
import { allMatching } from './batch';
import type { Db, RowBase } from './types';

type Row = RowBase & Record<string, unknown>;

/** What bulk-routes.ts hands over: the resource's own delete and its page filter. */
export interface BulkDeleteTarget {
  /** Every record the page filters match, read in `db` (the transaction). */
  matching: (db: Db, filter: unknown, limit: number) => Promise<Row[]>;
  /** The delete of one record as DELETE /{r}/{id} does it (rules, the delete, its audit row). */
  deleteOne: (db: Db, user: AuthUser, row: Row) => Promise<void>;
  /** An error of one record's delete as the API answers it (a driver's foreign key → 409 referenced). */
  mapError: (err: unknown) => unknown;
  titleOf: (row: Row) => string | null;
  write: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>;
  /** After the commit, per deleted record (events, files). */
  committed: (c: Context<AppEnv>, rows: Row[]) => Promise<void>;
}

/**
 * `POST /{r}/bulk-delete` (docs/api-additions.md): the records a filter matches, in one transaction,
 * each through the same checks as its own DELETE. A record a rule or a reference keeps is rolled
 * back to a savepoint and reported; the others go. A failure that is not a refusal undoes all.
 */
export function registerBulkDelete(app: Hono<AppEnv>, guard: MiddlewareHandler<AppEnv>, target: BulkDeleteTarget) {
  app.post('/bulk-delete', guard, async (c) => {
    // Record by record in slices, so other requests are answered meanwhile; a client that leaves
    // stops the work and rolls the transaction back.
    const slice = requestSlicer(c);
    const req = await readJson(c, bulkDeleteRequest);
    const user = currentUser(c);
    const gone: Row[] = [];
    const result = await target.write(async (trx): Promise<BulkDeleteResult> => {
      const rows = await allMatching(target.matching, trx, req.filter, req.expected, 'the list');
      const refused: BulkDeleteRefusal[] = [];
      gone.length = 0;
      for (const row of rows) {
        await slice.tick();
        // A savepoint per record: PostgreSQL aborts the whole transaction on a failed statement
        // (a foreign key), so only rolling back to it lets the others go on.
        await sql`savepoint bulk_delete_row`.execute(trx);
        try {
          await target.deleteOne(trx, user, row);
          await sql`release savepoint bulk_delete_row`.execute(trx);
          gone.push(row);
        } catch (err) {
          await sql`rollback to savepoint bulk_delete_row`.execute(trx);
          await sql`release savepoint bulk_delete_row`.execute(trx);
          const mapped = target.mapError(err);
          // Only refusals (409: a rule, a reference) are reported; anything else is a real failure.
          if (!(mapped instanceof ApiError) || mapped.status !== 409) throw mapped;
          const reason = ruleReasonOf(mapped.data);
          refused.push({ id: row.id, title: target.titleOf(row), msg: mapped.msg, ...(reason ? { reason } : {}) });
        }
      }
      return { matched: rows.length, deleted: rows.length - refused.length, refused };
    });
    await target.committed(c, gone);
    return ok(c, result);
  });
}
