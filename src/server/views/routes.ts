import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import {
  type Density,
  type ListView,
  listViewInputSchema,
  listViewQuerySchema,
  listViewUpdateSchema,
} from '../../contract/views';
import { currentUser } from '../auth/middleware';
import type { AppEnv } from '../context';
import type { Db } from '../crud/types';
import { staleVersion } from '../crud/write';
import { uniqueViolation } from '../db/dialect';
import type { Database } from '../db/schema';
import { ok } from '../http/envelope';
import { conflict, notFound } from '../http/errors';
import { parseId, parseWith, readJson } from '../http/validate';
import type { Services } from '../services';

type Row = Selectable<Database['list_view']>;
type Input = ReturnType<typeof listViewInputSchema.parse>;

function toView(r: Row): ListView {
  return {
    id: r.id,
    list: r.list,
    name: r.name,
    columns: r.columns === null ? null : (JSON.parse(r.columns) as string[]),
    widths: JSON.parse(r.widths) as Record<string, number>,
    density: r.density as Density,
    search: JSON.parse(r.search) as ListView['search'],
    isDefault: r.is_default === 1,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const columnsOf = (v: Input) => ({
  list: v.list,
  name: v.name,
  columns: v.columns === null ? null : JSON.stringify(v.columns),
  widths: JSON.stringify(v.widths),
  density: v.density,
  // The page number is not part of a view: applying one starts on page 1.
  search: JSON.stringify(Object.fromEntries(Object.entries(v.search).filter(([k]) => k !== 'pageNum'))),
  is_default: v.isDefault ? 1 : 0,
});

/** Every lookup is by the signed-in member as well: another member's view is simply not found. */
const own = (db: Db, staffId: number, id: number) =>
  db.selectFrom('list_view').selectAll().where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();

const nameTaken = (name: string) =>
  conflict(`A view named "${name}" already exists for this list`, 'name', { code: 'taken' });

/** At most one default per member and list: a new default takes the mark from the old one. */
async function clearOtherDefaults(trx: Db, staffId: number, list: string, exceptId: number, at: string) {
  const others = await trx
    .selectFrom('list_view')
    .select(['id', 'version'])
    .where('staff_id', '=', staffId)
    .where('list', '=', list)
    .where('is_default', '=', 1)
    .where('id', '!=', exceptId)
    .execute();
  for (const o of others) {
    await trx
      .updateTable('list_view')
      .set({ is_default: 0, version: o.version + 1, updated_at: at })
      .where('id', '=', o.id)
      .execute();
  }
}

/** Names are unique per member and list; checked first so the clash is a 409 under `name`. */
async function checkName(trx: Db, staffId: number, v: Input, exceptId?: number) {
  let q = trx
    .selectFrom('list_view')
    .select('id')
    .where('staff_id', '=', staffId)
    .where('list', '=', v.list)
    .where('name', '=', v.name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken(v.name);
}

/** A concurrent save with the same name slips past checkName; the unique index catches it. */
function mapUnique(err: unknown, name: string): unknown {
  return uniqueViolation(err) ? nameTaken(name) : err;
}

/**
 * GET /views?list=, POST /views, PUT /views, DELETE /views/:id: the signed-in member's saved views
 * (docs/api-additions.md). Personal settings, so not in the audit trail and open to every role.
 * A sub-app for /prod-api/views.
 */
export function viewRoutes(services: Services): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/', async (c) => {
    const { list } = parseWith(listViewQuerySchema, c.req.query());
    const rows = await services.db
      .selectFrom('list_view')
      .selectAll()
      .where('staff_id', '=', currentUser(c).staffId)
      .where('list', '=', list)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return ok(c, rows.map(toView));
  });

  api.post('/', async (c) => {
    const input = await readJson(c, listViewInputSchema, ['id', 'version', 'createdAt', 'updatedAt']);
    const { staffId } = currentUser(c);
    const out = await services.db
      .transaction()
      .execute(async (trx) => {
        const at = services.now().toISOString();
        await checkName(trx, staffId, input);
        const { id } = await trx
          .insertInto('list_view')
          .values({ staff_id: staffId, ...columnsOf(input), version: 1, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.isDefault) await clearOtherDefaults(trx, staffId, input.list, id, at);
        return toView((await own(trx, staffId, id)) as Row);
      })
      .catch((err) => {
        throw mapUnique(err, input.name);
      });
    return ok(c, out, 201);
  });

  api.put('/', async (c) => {
    const input = await readJson(c, listViewUpdateSchema, ['createdAt', 'updatedAt']);
    const { staffId } = currentUser(c);
    const out = await services.db
      .transaction()
      .execute(async (trx) => {
        const at = services.now().toISOString();
        const before = await own(trx, staffId, input.id);
        if (!before) throw notFound('View');
        if (before.version !== input.version) throw staleVersion(before.version, input.version, toView(before));
        await checkName(trx, staffId, input, input.id);
        const res = await trx
          .updateTable('list_view')
          .set({ ...columnsOf(input), version: before.version + 1, updated_at: at })
          .where('id', '=', input.id)
          .where('staff_id', '=', staffId)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw staleVersion(before.version + 1, input.version);
        if (input.isDefault) await clearOtherDefaults(trx, staffId, input.list, input.id, at);
        return toView((await own(trx, staffId, input.id)) as Row);
      })
      .catch((err) => {
        throw mapUnique(err, input.name);
      });
    return ok(c, out);
  });

  api.delete('/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    const res = await services.db
      .deleteFrom('list_view')
      .where('id', '=', id)
      .where('staff_id', '=', currentUser(c).staffId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw notFound('View');
    return ok(c, null);
  });
  return api;
}
