import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { keywordMatch, orderTerm } from '../db/dialect';
import { invalidField } from '../http/errors';
import type { Services } from '../services';
import type { PageFields, ResourceDef, RowBase } from './types';
import { loose } from './write';

/** The read side of a resource: filters, keyword, order and paging, shared by page and export. */
export function pageQueries<
  QDB,
  QTB extends keyof QDB,
  Row extends RowBase,
  Out extends object,
  CS extends z.ZodType,
  US extends z.ZodType,
  PS extends z.ZodType<PageFields>,
>(services: Services, def: ResourceDef<QDB, QTB, Row, Out, CS, US, PS>) {
  /** Filters + keyword of a page request: shared by the page and the export, so both see the same rows. */
  function conditions(req: z.output<PS>): Expression<SqlBool>[] {
    const conds = [...(def.filters?.(req) ?? [])];
    if (req.keyword) conds.push(keywordMatch(services.dialect, def.keywordColumns, req.keyword, def.fullText));
    return conds;
  }
  function filtered(req: z.output<PS>): SelectQueryBuilder<QDB, QTB, Row> {
    let q = def.select(services.db);
    for (const cond of conditions(req)) q = q.where(cond);
    return q;
  }

  /** Deterministic order: the chosen column, then id in the same direction as the tie-break. */
  function orderTerms(req: PageFields) {
    const column = req.sort ? def.sortColumns[req.sort] : undefined;
    // The schema lists the sortable fields; a field it allows but the map lacks is still refused.
    if (req.sort && !column) throw invalidField('sort', `cannot sort by ${req.sort}`);
    const dir = req.order ?? (column ? 'asc' : 'desc');
    const terms = column && column !== def.idColumn ? [orderTerm(services.dialect, column, dir)] : [];
    // The id is never NULL: no NULLS clause, so PostgreSQL's primary key index serves it.
    return [...terms, orderTerm(services.dialect, def.idColumn, dir, true)];
  }
  function ordered(q: SelectQueryBuilder<QDB, QTB, Row>, req: PageFields) {
    for (const t of orderTerms(req)) q = q.orderBy(t);
    return q;
  }

  /**
   * Count and page. With `pageFromTable`, both run on the bare table: the count skips the joins,
   * and the page's ids are picked there first (LIMIT/OFFSET over the index), so the joins run for
   * the page's rows only instead of for every skipped row of a deep page.
   */
  async function pageRows(req: z.output<PS>): Promise<{ rows: Row[]; total: number }> {
    const offset = (req.pageNum - 1) * req.pageSize;
    const bareTable = typeof def.pageFromTable === 'function' ? def.pageFromTable(req) : def.pageFromTable;
    if (!bareTable) {
      const q = filtered(req);
      const countRow = (await q.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as
        | { n: number | string }
        | undefined;
      const rows = await ordered(q, req).limit(req.pageSize).offset(offset).execute();
      return { rows: rows as Row[], total: Number(countRow?.n ?? 0) };
    }
    let bare = loose(services.db).selectFrom(def.table);
    for (const cond of conditions(req)) bare = bare.where(cond);
    const countRow = await bare.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    let ids = bare.select(sql.ref(def.idColumn).as('id'));
    for (const t of orderTerms(req)) ids = ids.orderBy(t);
    const rows = await ordered(
      def
        .select(services.db)
        .where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${ids.limit(req.pageSize).offset(offset)})`),
      req,
    ).execute();
    return { rows: rows as Row[], total: Number(countRow?.n ?? 0) };
  }

  return { filtered, ordered, pageRows };
}
