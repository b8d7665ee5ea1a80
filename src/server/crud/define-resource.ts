import type { Context, Hono, MiddlewareHandler } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/common';
import { currentUser, requireRole } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { diffRecords, recordTitleOf, writeAudit } from '../db/repositories/audit';
import { publishChange } from '../events/routes';
import { abortResponse } from '../http/abort';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { parseId, parseWith, readJson } from '../http/validate';
import { Slicer } from '../lib/slices';
import { registerBatch } from './batch';
import { registerBulkDelete } from './bulk-delete';
import { csvResponse } from './csv';
import { type ImportTarget, registerImport } from './import';
import { pageQueries } from './page-query';
import type { Db, PageFields, RegisteredResource, ResourceDef, RowBase, WriteContext } from './types';
import { addSecretChanges, checkUnique, loose, mapDriverError, staleVersion } from './write';

const META_FIELDS = ['createdAt', 'updatedAt'];

/**
 * Registers POST /{r}/page, GET /{r}/{id}, POST /{r}, PUT /{r}, DELETE /{r}/{id} and POST /{r}/export for one
 * resource. Every write is one transaction holding the checks, the write and its audit row.
 */
export function registerResource<
  QDB,
  QTB extends keyof QDB,
  Row extends RowBase,
  Out extends object,
  CS extends z.ZodType,
  US extends z.ZodType = z.ZodNever,
  PS extends z.ZodType<PageFields> = z.ZodType<PageFields>,
>(api: Hono<AppEnv>, deps: AppDeps, def: ResourceDef<QDB, QTB, Row, Out, CS, US, PS>): RegisteredResource {
  const base = `/${def.name}`;
  const ops = { create: true, update: true, delete: true, export: true, ...def.operations };
  const guard: MiddlewareHandler<AppEnv> = def.roles === 'everyone' ? (_c, next) => next() : requireRole(...def.roles);
  const strip = [...META_FIELDS, ...(def.readOnlyFields ?? [])];
  const now = () => deps.now().toISOString();

  const selectById = (db: Db, id: number) =>
    def
      .select(db)
      .where(sql<SqlBool>`${sql.ref(def.idColumn)} = ${id}`)
      .executeTakeFirst() as Promise<Row | undefined>;

  const { filtered, ordered, pageRows } = pageQueries(deps, def);

  /** Every record a page request's filters and keyword match, by id, read in `db` (a transaction). */
  const matching = async (db: Db, filter: unknown, limit: number) => {
    const req = parseWith(def.schemas.page, { ...(filter as object), pageNum: 1, pageSize: 1 });
    // Built on the app's handle, run in the transaction: the same filter and keyword as the list.
    const q = ordered(filtered(req), { ...req, sort: undefined, order: 'asc' }).limit(limit);
    return (await db.executeQuery(q.compile())).rows as (Row & Record<string, unknown>)[];
  };

  /** Run a write in one transaction; constraint errors from the driver become 409/400 envelopes. */
  async function write<T>(deleting: boolean, fn: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await deps.db.transaction().execute(fn);
    } catch (err) {
      throw mapDriverError(err, def.table, def.unique ?? [], deleting);
    }
  }

  api.post(`${base}/page`, guard, async (c) => {
    const req = await readJson(c, def.schemas.page);
    const { rows, total } = await pageRows(req);
    const page: Page<Out> = {
      items: rows.map((r) => def.toApi(r)),
      total,
      pageNum: req.pageNum,
      pageSize: req.pageSize,
    };
    return ok(c, page);
  });

  // One record by id, for its record page (the same SELECT and shape as a list row). Digits only,
  // so fixed paths such as /category/list never reach it.
  api.get(`${base}/:id{[0-9]+}`, guard, async (c) => {
    const id = parseId(c.req.param('id'));
    const row = await selectById(deps.db, id);
    if (!row) throw notFound(`${def.name} ${id}`);
    return ok(c, def.toApi(row));
  });

  if (ops.export) {
    api.post(`${base}/export`, guard, async (c) => {
      const req = await readJson(c, def.schemas.page);
      const q = ordered(filtered(req), req);
      const fetchBatch = async (offset: number, limit: number) =>
        (await q.limit(limit).offset(offset).execute()).map((r) => def.toApi(r as Row) as Record<string, unknown>);
      return csvResponse(def.name, def.csvColumns, fetchBatch, deps.now(), (err) => {
        deps.log.error(`[${c.get('requestId')}] ${def.name} export failed after it began; connection aborted:`, err);
        return abortResponse(c);
      });
    });
  }

  const createSchema = def.schemas.create;
  if (ops.create && createSchema) {
    api.post(base, guard, async (c) => {
      const input = (await readJson(c, createSchema, strip)) as z.output<CS>;
      const user = currentUser(c);
      const columns = await def.toColumns(input, { user });
      const out = await write(false, async (trx) => {
        const ctx: WriteContext<Row> = { trx, deps, user, action: 'create' };
        await def.check?.(input, ctx);
        await def.prepare?.(columns, input, ctx);
        await checkUnique(trx, def.table, def.unique ?? [], columns);
        const at = now();
        const inserted = await loose(trx)
          .insertInto(def.table)
          .values({ ...columns, version: 0, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        const after = def.toApi((await selectById(trx, id)) as Row);
        await def.afterWrite?.(input, { ...ctx, id });
        const changes = addSecretChanges(diffRecords(null, toRecord(after)), toRecord(input), def.secretFields);
        await writeAudit(trx, audit(ctx, id, at, changes, toRecord(after)));
        return after;
      });
      changed(c, 'create', out as unknown as RowBase);
      return ok(c, out, 201);
    });
  }

  /**
   * One record's update inside `trx`: checks, unique values, the write with its version in WHERE and
   * the audit row. PUT and batch edits (batch.ts) both go through it. 'unchanged' (only when
   * `skipUnchanged`): the columns already hold every value, nothing written; 'stale': another
   * writer committed between the read of `before` and this write.
   */
  async function updateRecord(
    trx: Db,
    user: WriteContext<Row>['user'],
    before: Row,
    input: z.output<US> & RowBase,
    columns: Record<string, unknown>,
    opts: { dryRun?: boolean; skipUnchanged?: boolean } = {},
  ): Promise<{ outcome: 'unchanged' | 'stale' } | { outcome: 'changed'; after: Out | null }> {
    const { id, version } = input;
    const ctx: WriteContext<Row> = { trx, deps, user, action: 'update', id, before };
    await def.check?.(input, ctx);
    await def.prepare?.(columns, input, ctx);
    const current = before as unknown as Record<string, unknown>;
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    if (opts.skipUnchanged && Object.entries(columns).every(([k, v]) => same(v, current[k]))) {
      return { outcome: 'unchanged' };
    }
    await checkUnique(trx, def.table, def.unique ?? [], columns, id);
    if (opts.dryRun) return { outcome: 'changed', after: null };
    const at = now();
    // The version in WHERE makes the write itself the final check against a concurrent writer.
    const res = await loose(trx)
      .updateTable(def.table)
      .set({ ...columns, version: version + 1, updated_at: at })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return { outcome: 'stale' };
    const after = def.toApi((await selectById(trx, id)) as Row);
    await def.afterWrite?.(input, { ...ctx, id });
    const changes = addSecretChanges(
      diffRecords(toRecord(def.toApi(before)), toRecord(after)),
      toRecord(input),
      def.secretFields,
    );
    await writeAudit(trx, audit(ctx, id, at, changes, toRecord(after)));
    return { outcome: 'changed', after };
  }

  const updateSchema = def.schemas.update;
  if (ops.update && updateSchema) {
    api.put(base, guard, async (c) => {
      const input = (await readJson(c, updateSchema, strip)) as z.output<US> & RowBase;
      const { id, version, ...fields } = input;
      const user = currentUser(c);
      // Before the transaction: toColumns may hash a password, which must not hold the database.
      const columns = await def.toColumns(fields as Omit<z.output<US>, 'id' | 'version'>, { user, target: id });
      const out = await write(false, async (trx) => {
        const before = await selectById(trx, id);
        if (!before) throw notFound(`${def.name} ${id}`);
        if (before.version !== version) throw staleVersion(before.version, version, def.toApi(before));
        const done = await updateRecord(trx, user, before, input, columns);
        if (done.outcome !== 'changed') {
          // Another writer committed between our read and our write (possible on PostgreSQL).
          const latest = await selectById(trx, id);
          if (!latest) throw notFound(`${def.name} ${id}`);
          throw staleVersion(latest.version, version, def.toApi(latest));
        }
        return done.after;
      });
      changed(c, 'update', out as unknown as RowBase);
      return ok(c, out);
    });
  }

  if (ops.delete) {
    /** One record's delete inside `trx`: its rules, the delete and its audit row (DELETE, bulk delete). */
    const removeIn = async (trx: Db, before: Row, user: ReturnType<typeof currentUser>) => {
      const id = before.id;
      const ctx = { trx, deps, user, action: 'delete' as const, id, before };
      await def.beforeDelete?.(ctx);
      await loose(trx).deleteFrom(def.table).where('id', '=', id).execute();
      await def.afterWrite?.(null, ctx);
      const at = now();
      const gone = toRecord(def.toApi(before));
      await writeAudit(trx, audit(ctx, id, at, diffRecords(gone, null), gone));
    };

    /** The delete with its checks and audit row; `dryRun` rolls it all back at the end. */
    const remove = (id: number, user: ReturnType<typeof currentUser>, dryRun: boolean) =>
      write(true, async (trx) => {
        const before = await selectById(trx, id);
        if (!before) throw notFound(`${def.name} ${id}`);
        await removeIn(trx, before, user);
        if (dryRun) throw new DryRunDone();
        return before;
      });

    registerBulkDelete(api, guard, {
      name: def.name,
      matching,
      deleteOne: (trx, user, row) => removeIn(trx, row as unknown as Row, user),
      mapError: (err) => mapDriverError(err, def.table, def.unique ?? [], true),
      titleOf: (row) => recordTitleOf(toRecord(def.toApi(row as unknown as Row))),
      write: (fn) => write(true, fn),
      committed: async (c, rows) => {
        const slice = new Slicer();
        for (const row of rows) {
          await slice.tick();
          await def.afterDeleteCommit?.(row as unknown as Row);
          changed(c, 'delete', { id: row.id, version: null });
        }
      },
    });

    api.delete(`${base}/:id`, guard, async (c) => {
      const id = parseId(c.req.param('id'));
      const removed = await remove(id, currentUser(c), false);
      await def.afterDeleteCommit?.(removed);
      changed(c, 'delete', { id, version: null });
      return ok(c, null);
    });

    // Would the delete go through? The console asks before it hides a row behind an Undo toast:
    // the very same transaction (rules, references, the driver's foreign keys) rolled back.
    api.post(`${base}/:id/delete-check`, guard, async (c) => {
      try {
        await remove(parseId(c.req.param('id')), currentUser(c), true);
      } catch (e) {
        if (!(e instanceof DryRunDone)) throw e;
      }
      return ok(c, null);
    });
  }

  /** After the commit: every open console hears of it (events/), lists refresh, badges recount. */
  function changed(
    c: Context<AppEnv>,
    action: 'create' | 'update' | 'delete',
    rec: { id: number; version: number | null },
  ) {
    const user = currentUser(c);
    publishChange(
      deps,
      {
        resource: def.name,
        id: rec.id,
        version: rec.version,
        action,
        actor: { id: user.staffId, name: user.name || user.userName },
      },
      def.roles === 'everyone' ? undefined : def.roles,
    );
  }

  function audit(
    ctx: WriteContext<Row>,
    recordId: number,
    at: string,
    changes: ReturnType<typeof diffRecords>,
    record: Record<string, unknown>,
  ) {
    return {
      at,
      actorId: ctx.user.staffId,
      actorName: ctx.user.userName,
      action: ctx.action,
      resource: def.name,
      recordId,
      changes,
      recordTitle: recordTitleOf(record),
    };
  }

  if (def.importer && createSchema && ops.create) {
    // Rows are created in bulk: a resource's per-row write hooks do not run, so a resource with
    // them cannot take imports until they do. Its `check` (references) is importer.toInput's job,
    // done against data read once instead of two queries per row.
    if (def.prepare || def.afterWrite) throw new Error(`${def.name}: import does not run prepare/afterWrite`);
    registerImport(api, deps, guard, {
      name: def.name,
      table: def.table,
      create: createSchema,
      toColumns: def.toColumns as ImportTarget['toColumns'],
      unique: def.unique ?? [],
      records: async (db, ids) =>
        ids.length === 0
          ? []
          : (
              await def
                .select(db)
                .where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join(ids)})`)
                .execute()
            ).map((r) => toRecord(def.toApi(r as Row))),
      audit: (user, id, at, record) =>
        audit({ trx: deps.db, deps, user, action: 'create' }, id, at, diffRecords(null, record), record),
      write: (fn) => write(false, fn),
      // One event per record, for open consoles: thousands after an import, so in slices too.
      committed: async (c, ids) => {
        const slice = new Slicer();
        for (const id of ids) {
          await slice.tick();
          changed(c, 'create', { id, version: 0 });
        }
      },
      importer: def.importer,
    });
  }

  if (def.batch && updateSchema && ops.update) {
    registerBatch(api, guard, {
      name: def.name,
      batch: def.batch,
      update: updateSchema,
      page: def.schemas.page,
      strip,
      toApi: (row) => toRecord(def.toApi(row as unknown as Row)),
      selectById: (db, id) => selectById(db, id) as Promise<(Row & Record<string, unknown>) | undefined>,
      matching,
      updateOne: async (db, user, before, input, dryRun) => {
        const { id, version: _, ...fields } = input as z.output<US> & RowBase;
        const columns = await def.toColumns(fields as Omit<z.output<US>, 'id' | 'version'>, { user, target: id });
        const row = before as unknown as Row;
        return (
          await updateRecord(db, user, row, input as z.output<US> & RowBase, columns, { dryRun, skipUnchanged: true })
        ).outcome;
      },
      write: (fn) => write(false, fn),
      committed: async (c, records) => {
        const slice = new Slicer();
        for (const r of records) {
          await slice.tick();
          changed(c, 'update', r);
        }
      },
      db: deps.db,
    });
  }

  return { name: def.name, table: def.table, roles: def.roles === 'everyone' ? undefined : def.roles };
}

const toRecord = (v: unknown) => v as Record<string, unknown>;

/** Thrown at the end of a delete-check to roll its transaction back. */
class DryRunDone extends Error {}
