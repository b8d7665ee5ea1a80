import type { Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AppEnv } from '../context';
import { diffRecords, recordTitleOf } from '../db/repositories/audit';
import { registerBatch } from './batch';
import { registerBulkDelete } from './bulk-delete';
import { type ImportTarget, registerImport } from './import';
import type { LooseRow, ResourceRecords } from './records';
import type { RowBase } from './types';

/** `POST /bulk-delete`, `POST /import` and `POST /batch`: many records in one request, where enabled. */
export function bulkRoutes(app: Hono<AppEnv>, r: ResourceRecords): void {
  const { def } = r;
  if (r.ops.delete) bulkDeleteRoute(app, r);
  if (def.importer && def.schemas.create && r.ops.create) importRoute(app, r);
  if (def.batch && def.schemas.update && r.ops.update) batchRoute(app, r);
}

function bulkDeleteRoute(app: Hono<AppEnv>, r: ResourceRecords) {
  registerBulkDelete(app, r.guard, {
    matching: (db, filter, limit) => r.matching(db, filter, limit),
    deleteOne: (trx, user, row) => r.removeIn(trx, row as LooseRow, user),
    mapError: (err) => r.driverError(err, true),
    titleOf: (row) => recordTitleOf(r.toRecord(row as LooseRow)),
    write: (fn) => r.write(true, fn),
    committed: (c, rows) =>
      r.changedAll(
        c,
        'delete',
        rows.map((row) => ({ id: row.id, version: null })),
        async (i) => {
          await r.def.afterDeleteCommit?.(rows[i] as LooseRow);
        },
      ),
  });
}

function importRoute(app: Hono<AppEnv>, r: ResourceRecords) {
  const { def, services } = r;
  // Rows are created in bulk: a resource's per-row write hooks do not run, so a resource with
  // them cannot take imports until they do. Its `check` (references) is importer.toInput's job,
  // done against data read once instead of two queries per row.
  if (def.prepare || def.afterWrite) throw new Error(`${def.noun}: import does not run prepare/afterWrite`);
  if (!def.importer || !def.schemas.create) return;
  registerImport(app, services, r.guard, {
    name: def.noun,
    table: def.table,
    create: def.schemas.create,
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
          ).map(r.toRecord),
    audit: (user, id, at, record) =>
      r.audit({ trx: services.db, services, user, action: 'create' }, id, at, diffRecords(null, record), record),
    write: (fn) => r.write(false, fn),
    // One event per record, for open consoles: thousands after an import, so in slices.
    committed: (c, ids) =>
      r.changedAll(
        c,
        'create',
        ids.map((id) => ({ id, version: 0 })),
      ),
    importer: def.importer,
  });
}

function batchRoute(app: Hono<AppEnv>, r: ResourceRecords) {
  const { def, services } = r;
  if (!def.batch || !def.schemas.update) return;
  registerBatch(app, r.guard, {
    batch: def.batch,
    update: def.schemas.update,
    page: def.schemas.page,
    strip: r.strip,
    toApi: (row) => r.toRecord(row as LooseRow),
    selectById: (db, id) => r.selectById(db, id),
    matching: (db, filter, limit) => r.matching(db, filter, limit),
    updateOne: async (db, user, before, input, dryRun) => {
      const record = input as unknown as RowBase;
      const { id, version: _, ...fields } = record;
      const columns = await def.toColumns(fields, { user, target: id });
      const opts = { dryRun, skipUnchanged: true };
      return (await r.updateRecord(db, user, before as LooseRow, record, columns, opts)).outcome;
    },
    write: (fn) => r.write(false, fn),
    committed: (c, records) => r.changedAll(c, 'update', records),
    db: services.db,
  });
}
