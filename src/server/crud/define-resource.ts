import type { Hono, MiddlewareHandler } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/common';
import { currentUser, requireRole } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { diffRecords, recordTitleOf, writeAudit } from '../db/repositories/audit';
import { abortResponse } from '../http/abort';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { parseId, readJson } from '../http/validate';
import { csvResponse } from './csv';
import { pageQueries } from './page-query';
import type { Db, PageFields, RegisteredResource, ResourceDef, RowBase, WriteContext } from './types';
import { addSecretChanges, checkUnique, loose, mapDriverError, staleVersion } from './write';

const META_FIELDS = ['createdAt', 'updatedAt'];

/**
 * Registers POST /{r}/page, POST /{r}, PUT /{r}, DELETE /{r}/{id} and POST /{r}/export for one
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
      return ok(c, out, 201);
    });
  }

  const updateSchema = def.schemas.update;
  if (ops.update && updateSchema) {
    api.put(base, guard, async (c) => {
      const input = (await readJson(c, updateSchema, strip)) as z.output<US> & RowBase;
      const { id, version, ...fields } = input;
      const user = currentUser(c);
      const columns = await def.toColumns(fields as Omit<z.output<US>, 'id' | 'version'>, { user, target: id });
      const out = await write(false, async (trx) => {
        const before = await selectById(trx, id);
        if (!before) throw notFound(`${def.name} ${id}`);
        if (before.version !== version) throw staleVersion(before.version, version, def.toApi(before));
        const ctx: WriteContext<Row> = { trx, deps, user, action: 'update', id, before };
        await def.check?.(input, ctx);
        await def.prepare?.(columns, input, ctx);
        await checkUnique(trx, def.table, def.unique ?? [], columns, id);
        const at = now();
        // The version in WHERE makes the write itself the final check against a concurrent writer.
        const res = await loose(trx)
          .updateTable(def.table)
          .set({ ...columns, version: version + 1, updated_at: at })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) {
          // Another writer committed between our read and our write (possible on PostgreSQL).
          const latest = await selectById(trx, id);
          if (!latest) throw notFound(`${def.name} ${id}`);
          throw staleVersion(latest.version, version, def.toApi(latest));
        }
        const after = def.toApi((await selectById(trx, id)) as Row);
        await def.afterWrite?.(input, { ...ctx, id });
        const changes = addSecretChanges(
          diffRecords(toRecord(def.toApi(before)), toRecord(after)),
          toRecord(input),
          def.secretFields,
        );
        await writeAudit(trx, audit(ctx, id, at, changes, toRecord(after)));
        return after;
      });
      return ok(c, out);
    });
  }

  if (ops.delete) {
    api.delete(`${base}/:id`, guard, async (c) => {
      const id = parseId(c.req.param('id'));
      const user = currentUser(c);
      const removed = await write(true, async (trx) => {
        const before = await selectById(trx, id);
        if (!before) throw notFound(`${def.name} ${id}`);
        const ctx = { trx, deps, user, action: 'delete' as const, id, before };
        await def.beforeDelete?.(ctx);
        await loose(trx).deleteFrom(def.table).where('id', '=', id).execute();
        await def.afterWrite?.(null, ctx);
        const at = now();
        const gone = toRecord(def.toApi(before));
        await writeAudit(trx, audit(ctx, id, at, diffRecords(gone, null), gone));
        return before;
      });
      await def.afterDeleteCommit?.(removed);
      return ok(c, null);
    });
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

  return { name: def.name, table: def.table };
}

const toRecord = (v: unknown) => v as Record<string, unknown>;
