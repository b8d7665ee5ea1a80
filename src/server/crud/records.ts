import type { Context, MiddlewareHandler } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { currentUser, requireRole } from '../auth/middleware';
import type { AppEnv, AuthUser } from '../context';
import { type AuditChanges, diffRecords, recordTitleOf, writeAudit } from '../db/repositories/audit';
import { parseWith } from '../http/validate';
import { Slicer } from '../lib/slices';
import type { Services } from '../services';
import { auditEntry } from './audit-entry';
import { pageQueries } from './page-query';
import type { Db, PageFields, ResourceDef, RowBase, WriteContext } from './types';
import { addSecretChanges, checkUnique, loose, mapDriverError } from './write';

/** A row as the machinery handles it: every resource's own row type is checked at `defineResource`. */
export type LooseRow = RowBase & Record<string, unknown>;
export type LooseDef = ResourceDef<
  unknown,
  never,
  LooseRow,
  Record<string, unknown>,
  z.ZodType,
  z.ZodType,
  z.ZodType<PageFields>
>;
export type ChangeAction = 'create' | 'update' | 'delete';
export type UpdateOutcome = { outcome: 'unchanged' | 'stale' } | { outcome: 'changed'; after: object | null };

const META_FIELDS = ['createdAt', 'updatedAt'];

/**
 * One resource's records as the read, write and bulk routes share them: the SELECT by id, the
 * transaction that maps driver errors, the update and delete of one record with their audit rows,
 * and the live events after a commit.
 */
export class ResourceRecords {
  readonly ops: Required<NonNullable<LooseDef['operations']>>;
  readonly guard: MiddlewareHandler<AppEnv>;
  /** Fields a client may echo back that are dropped before strict validation. */
  readonly strip: string[];
  readonly queries: ReturnType<
    typeof pageQueries<unknown, never, LooseRow, object, z.ZodType, z.ZodType, z.ZodType<PageFields>>
  >;

  constructor(
    readonly services: Services,
    readonly def: LooseDef,
  ) {
    this.ops = { create: true, update: true, delete: true, export: true, ...def.operations };
    this.guard = def.roles === 'everyone' ? (_c, next) => next() : requireRole(...def.roles);
    this.strip = [...META_FIELDS, ...(def.readOnlyFields ?? [])];
    this.queries = pageQueries(services, def);
  }

  now = () => this.services.now().toISOString();

  toRecord = (row: LooseRow): Record<string, unknown> => this.def.toApi(row);

  selectById(db: Db, id: number): Promise<LooseRow | undefined> {
    return this.def
      .select(db)
      .where(sql<SqlBool>`${sql.ref(this.def.idColumn)} = ${id}`)
      .executeTakeFirst();
  }

  /** Every record a page request's filters and keyword match, by id, read in `db` (a transaction). */
  async matching(db: Db, filter: unknown, limit: number): Promise<LooseRow[]> {
    const { filtered, ordered } = this.queries;
    const req = parseWith(this.def.schemas.page, { ...(filter as object), pageNum: 1, pageSize: 1 });
    // Built on the app's handle, run in the transaction: the same filter and keyword as the list.
    const q = ordered(filtered(req), { ...req, sort: undefined, order: 'asc' }).limit(limit);
    return (await db.executeQuery(q.compile())).rows as LooseRow[];
  }

  /** Run a write in one transaction; constraint errors from the driver become 409/400 envelopes. */
  async write<T>(deleting: boolean, fn: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.services.db.transaction().execute(fn);
    } catch (err) {
      throw this.driverError(err, deleting);
    }
  }

  driverError(err: unknown, deleting: boolean): unknown {
    return mapDriverError(err, this.def.table, this.def.unique ?? [], deleting);
  }

  audit(ctx: WriteContext<LooseRow>, recordId: number, at: string, changes: AuditChanges, record: object) {
    const title = recordTitleOf(record as Record<string, unknown>);
    return auditEntry(ctx.user, ctx.action, this.def.noun, recordId, at, changes, title);
  }

  /**
   * One record's update inside `trx`: checks, unique values, the write with its version in WHERE and
   * the audit row. PUT and batch edits (batch.ts) both go through it. 'unchanged' (only when
   * `skipUnchanged`): the columns already hold every value, nothing written; 'stale': another
   * writer committed between the read of `before` and this write.
   */
  async updateRecord(
    trx: Db,
    user: AuthUser,
    before: LooseRow,
    input: RowBase,
    columns: Record<string, unknown>,
    opts: { dryRun?: boolean; skipUnchanged?: boolean } = {},
  ): Promise<UpdateOutcome> {
    const { def } = this;
    const { id, version } = input;
    const ctx: WriteContext<LooseRow> = { trx, services: this.services, user, action: 'update', id, before };
    await def.check?.(input, ctx);
    await def.prepare?.(columns, input, ctx);
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    if (opts.skipUnchanged && Object.entries(columns).every(([k, v]) => same(v, before[k]))) {
      return { outcome: 'unchanged' };
    }
    await checkUnique(trx, def.table, def.unique ?? [], columns, id);
    if (opts.dryRun) return { outcome: 'changed', after: null };
    const at = this.now();
    // The version in WHERE makes the write itself the final check against a concurrent writer.
    const res = await loose(trx)
      .updateTable(def.table)
      .set({ ...columns, version: version + 1, updated_at: at })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return { outcome: 'stale' };
    const after = this.toRecord((await this.selectById(trx, id)) as LooseRow);
    await def.afterWrite?.(input, { ...ctx, id });
    const diff = diffRecords(this.toRecord(before), after);
    const changes = addSecretChanges(diff, input as unknown as Record<string, unknown>, def.secretFields);
    await writeAudit(trx, this.audit(ctx, id, at, changes, after));
    return { outcome: 'changed', after };
  }

  /** One record's delete inside `trx`: its rules, the delete and its audit row (DELETE, bulk delete). */
  async removeIn(trx: Db, before: LooseRow, user: AuthUser): Promise<void> {
    const id = before.id;
    const ctx = { trx, services: this.services, user, action: 'delete' as const, id, before };
    await this.def.beforeDelete?.(ctx);
    await loose(trx).deleteFrom(this.def.table).where('id', '=', id).execute();
    await this.def.afterWrite?.(null, ctx);
    const gone = this.toRecord(before);
    await writeAudit(trx, this.audit(ctx, id, this.now(), diffRecords(gone, null), gone));
  }

  /** After the commit: every open console hears of it (events/), lists refresh, badges recount. */
  changed(c: Context<AppEnv>, action: ChangeAction, rec: { id: number; version: number | null }): void {
    const user = currentUser(c);
    void this.services.events.publishChange(
      {
        resource: this.def.noun,
        id: rec.id,
        version: rec.version,
        action,
        actor: { id: user.staffId, name: user.name || user.userName },
      },
      this.def.roles === 'everyone' ? undefined : this.def.roles,
    );
  }

  /** `changed` for each of many records (thousands after an import), in slices of the event loop. */
  async changedAll(
    c: Context<AppEnv>,
    action: ChangeAction,
    recs: readonly { id: number; version: number | null }[],
    before?: (i: number) => Promise<void>,
  ): Promise<void> {
    const slice = new Slicer();
    for (const [i, rec] of recs.entries()) {
      await slice.tick();
      await before?.(i);
      this.changed(c, action, rec);
    }
  }
}
