import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  DATA_DAYS_DEFAULT,
  DATA_DAYS_MAX,
  type DataPoint,
  type SystemInfo,
  type VodResource,
} from '../../contract/system';
import type { AppEnv } from '../context';
import { loose } from '../crud/write';
import type { TableName } from '../db/schema';
import { ok } from '../http/envelope';
import type { NounServers } from '../http/noun';
import { parseWith } from '../http/validate';
import type { Services } from '../services';

// Not strict: a cache-busting query parameter must not turn the home page's chart into a 400.
const daysQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(DATA_DAYS_MAX, `must be at most ${DATA_DAYS_MAX}`))
    .default(DATA_DAYS_DEFAULT),
});

const DAY_MS = 86_400_000;

/**
 * `/system`: Home's figures, a sub-app mounted behind the token check. What is counted comes from
 * the nouns (NounServer.figures, http/noun.ts): each noun's records (or its own count) in `/info`,
 * the series of `/data/list`, the video library of `/vod-resource`.
 */
export function systemRoutes(services: Services, nouns: NounServers): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const db = services.db;
  const figures = Object.entries(nouns);

  api.get('/info', async (c) => {
    const counts: Record<string, number> = {};
    for (const [noun, n] of figures) {
      const table = n.resource?.table;
      if (n.figures?.count === false) continue;
      if (n.figures?.count) counts[noun] = await n.figures.count(db);
      else if (table) counts[noun] = Number((await countAll(db, table).executeTakeFirstOrThrow()).n);
    }
    const info: SystemInfo = {
      version: services.version,
      uptimeSeconds: Math.floor((services.now().getTime() - services.startedAt.getTime()) / 1000),
      database: services.dialect,
      counts,
    };
    return ok(c, info);
  });

  const library = figures.find(([, n]) => n.figures?.library)?.[1].figures?.library;
  api.get('/vod-resource', async (c) => {
    const empty: VodResource = { count: 0, totalBytes: 0, byStatus: { uploading: 0, normal: 0, failed: 0 } };
    return ok(c, library ? await library(db) : empty);
  });

  const series = figures.flatMap(([, n]) =>
    n.figures?.series && n.resource ? [{ key: n.figures.series, table: n.resource.table }] : [],
  );
  api.get('/data/list', async (c) => {
    const { days } = parseWith(daysQuery, c.req.query());
    const today = Date.UTC(...utcYmd(services.now()));
    const dates = Array.from({ length: days }, (_, i) =>
      new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    const since = `${dates[0]}T00:00:00.000Z`;
    // created_at is ISO-8601 UTC text: its first 10 characters are the day, on either engine.
    const day = sql<string>`substr(created_at, 1, 10)`;
    const perDay = new Map<string, Map<string, number>>();
    for (const s of series) {
      const rows = await loose(db)
        .selectFrom(s.table)
        .select((eb) => [day.as('day'), eb.fn.countAll().as('n')])
        .where('created_at', '>=', since)
        .groupBy(day)
        .execute();
      perDay.set(s.key, new Map(rows.map((r) => [String(r.day), Number(r.n)])));
    }
    const of = (key: Exclude<keyof DataPoint, 'date'>, date: string) => perDay.get(key)?.get(date) ?? 0;
    const out: DataPoint[] = dates.map((date) => ({
      date,
      newUsers: of('newUsers', date),
      applies: of('applies', date),
      uploads: of('uploads', date),
    }));
    return ok(c, out);
  });
  return api;
}

const countAll = (db: Services['db'], table: TableName) =>
  loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'));

function utcYmd(d: Date): [number, number, number] {
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
