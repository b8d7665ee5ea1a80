import type { Hono } from 'hono';
import type { Page } from '../../contract/common';
import type { AppEnv } from '../context';
import { abortResponse } from '../http/abort';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { parseId, readJson } from '../http/validate';
import { csvResponse } from './csv';
import type { ResourceRecords } from './records';

/** `POST /page`, `GET /{id}` and `POST /export`: what reads a resource. */
export function readRoutes(app: Hono<AppEnv>, r: ResourceRecords): void {
  const { def, services, guard } = r;
  const { filtered, ordered, pageRows } = r.queries;

  app.post('/page', guard, async (c) => {
    const req = await readJson(c, def.schemas.page);
    const { rows, total } = await pageRows(req);
    const page: Page<object> = {
      items: rows.map((row) => def.toApi(row)),
      total,
      pageNum: req.pageNum,
      pageSize: req.pageSize,
    };
    return ok(c, page);
  });

  // One record by id, for its record page (the same SELECT and shape as a list row). Digits only,
  // so fixed paths such as /category/list never reach it.
  app.get('/:id{[0-9]+}', guard, async (c) => {
    const id = parseId(c.req.param('id'));
    const row = await r.selectById(services.db, id);
    if (!row) throw notFound(`${def.api} ${id}`);
    return ok(c, def.toApi(row));
  });

  if (!r.ops.export) return;
  app.post('/export', guard, async (c) => {
    const req = await readJson(c, def.schemas.page);
    const q = ordered(filtered(req), req);
    const fetchBatch = async (offset: number, limit: number) =>
      (await q.limit(limit).offset(offset).execute()).map((row) => def.toApi(row));
    return csvResponse(def.api, def.csvColumns, fetchBatch, services.now(), (err) => {
      services.log.error(`[${c.get('requestId')}] ${def.api} export failed after it began; connection aborted:`, err);
      return abortResponse(c);
    });
  });
}
