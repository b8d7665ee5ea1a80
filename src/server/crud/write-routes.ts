import type { Hono } from 'hono';
import { currentUser } from '../auth/middleware';
import type { AppEnv, AuthUser } from '../context';
import { diffRecords, writeAudit } from '../db/repositories/audit';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { parseId, readJson } from '../http/validate';
import type { LooseRow, ResourceRecords } from './records';
import type { RowBase, WriteContext } from './types';
import { addSecretChanges, checkUnique, loose, staleVersion } from './write';

/**
 * `POST /` (create), `PUT /` (update), `DELETE /{id}` and `POST /{id}/delete-check`: the writes of
 * one record, each one transaction holding the checks, the write and its audit row.
 */
export function writeRoutes(app: Hono<AppEnv>, r: ResourceRecords): void {
  if (r.ops.create && r.def.schemas.create) createRoute(app, r);
  if (r.ops.update && r.def.schemas.update) updateRoute(app, r);
  if (r.ops.delete) deleteRoutes(app, r);
}

function createRoute(app: Hono<AppEnv>, r: ResourceRecords) {
  const { def, services, guard } = r;
  const schema = def.schemas.create;
  if (!schema) return;
  app.post('/', guard, async (c) => {
    const input = (await readJson(c, schema, r.strip)) as Record<string, unknown>;
    const user = currentUser(c);
    const columns = await def.toColumns(input, { user });
    const out = await r.write(false, async (trx) => {
      const ctx: WriteContext<LooseRow> = { trx, services, user, action: 'create' };
      await def.check?.(input, ctx);
      await def.prepare?.(columns, input, ctx);
      await checkUnique(trx, def.table, def.unique ?? [], columns);
      const at = r.now();
      const inserted = await loose(trx)
        .insertInto(def.table)
        .values({ ...columns, version: 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      const after = r.toRecord((await r.selectById(trx, id)) as LooseRow);
      await def.afterWrite?.(input, { ...ctx, id });
      const changes = addSecretChanges(diffRecords(null, after), input, def.secretFields);
      await writeAudit(trx, r.audit(ctx, id, at, changes, after));
      return after;
    });
    r.changed(c, 'create', out as unknown as RowBase);
    return ok(c, out, 201);
  });
}

function updateRoute(app: Hono<AppEnv>, r: ResourceRecords) {
  const { def, guard } = r;
  const schema = def.schemas.update;
  if (!schema) return;
  app.put('/', guard, async (c) => {
    const input = (await readJson(c, schema, r.strip)) as RowBase;
    const { id, version, ...fields } = input;
    const user = currentUser(c);
    // Before the transaction: toColumns may hash a password, which must not hold the database.
    const columns = await def.toColumns(fields, { user, target: id });
    const out = await r.write(false, async (trx) => {
      const before = await r.selectById(trx, id);
      if (!before) throw notFound(`${def.api} ${id}`);
      if (before.version !== version) throw staleVersion(before.version, version, def.toApi(before));
      const done = await r.updateRecord(trx, user, before, input, columns);
      if (done.outcome !== 'changed') {
        // Another writer committed between our read and our write (possible on PostgreSQL).
        const latest = await r.selectById(trx, id);
        if (!latest) throw notFound(`${def.api} ${id}`);
        throw staleVersion(latest.version, version, def.toApi(latest));
      }
      return done.after;
    });
    r.changed(c, 'update', out as unknown as RowBase);
    return ok(c, out);
  });
}

function deleteRoutes(app: Hono<AppEnv>, r: ResourceRecords) {
  const { def, guard } = r;
  /** The delete with its checks and audit row; `dryRun` rolls it all back at the end. */
  const remove = (id: number, user: AuthUser, dryRun: boolean) =>
    r.write(true, async (trx) => {
      const before = await r.selectById(trx, id);
      if (!before) throw notFound(`${def.api} ${id}`);
      await r.removeIn(trx, before, user);
      if (dryRun) throw new DryRunDone();
      return before;
    });

  app.delete('/:id', guard, async (c) => {
    const id = parseId(c.req.param('id'));
    const removed = await remove(id, currentUser(c), false);
    await def.afterDeleteCommit?.(removed);
    r.changed(c, 'delete', { id, version: null });
    return ok(c, null);
  });

  // Would the delete go through? The console asks before it hides a row behind an Undo toast:
  // the very same transaction (rules, references, the driver's foreign keys) rolled back.
  app.post('/:id/delete-check', guard, async (c) => {
    try {
      await remove(parseId(c.req.param('id')), currentUser(c), true);
    } catch (e) {
      if (!(e instanceof DryRunDone)) throw e;
    }
    return ok(c, null);
  });
}

/** Thrown at the end of a delete-check to roll its transaction back. */
class DryRunDone extends Error {}
