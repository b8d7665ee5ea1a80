import type { Hono } from 'hono';
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
import type { RegisteredResource } from '../crud/types';
import { loose } from '../crud/write';
import { ok } from '../http/envelope';
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

export function registerSystemRoutes(api: Hono<AppEnv>, services: Services, resources: RegisteredResource[]) {
  api.get('/system/info', async (c) => {
    const counts: Record<string, number> = {};
    // The site's links are a list, not a resource, but the home page counts them too.
    for (const r of [...resources, { name: 'url', table: 'site_link' as const }]) {
      const row = await loose(services.db)
        .selectFrom(r.table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts[r.name] = Number(row.n);
    }
    const info: SystemInfo = {
      version: services.version,
      uptimeSeconds: Math.floor((services.now().getTime() - services.startedAt.getTime()) / 1000),
      database: services.dialect,
      counts,
    };
    return ok(c, info);
  });

  api.get('/system/vod-resource', async (c) => {
    const rows = await services.db
      .selectFrom('video')
      .select((eb) => ['status', eb.fn.countAll().as('n'), eb.fn.sum('file_size').as('bytes')])
      .groupBy('status')
      .execute();
    const out: VodResource = { count: 0, totalBytes: 0, byStatus: { uploading: 0, normal: 0, failed: 0 } };
    for (const r of rows) {
      const n = Number(r.n);
      out.count += n;
      out.totalBytes += Number(r.bytes ?? 0);
      // Home's three groups of the cloud's statuses: playable, failed, and on their way.
      const group = r.status === 'Normal' ? 'normal' : r.status === 'TranscodeFail' ? 'failed' : 'uploading';
      out.byStatus[group] += n;
    }
    return ok(c, out);
  });

  api.get('/system/data/list', async (c) => {
    const { days } = parseWith(daysQuery, c.req.query());
    const today = Date.UTC(...utcYmd(services.now()));
    const dates = Array.from({ length: days }, (_, i) =>
      new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    const since = `${dates[0]}T00:00:00.000Z`;
    // created_at is ISO-8601 UTC text: its first 10 characters are the day, on either engine.
    const perDay = async (table: 'reader' | 'application' | 'video') => {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await services.db
        .selectFrom(table)
        .select((eb) => [day.as('day'), eb.fn.countAll().as('n')])
        .where('created_at', '>=', since)
        .groupBy(day)
        .execute();
      return new Map(rows.map((r) => [r.day, Number(r.n)]));
    };
    const [users, applies, uploads] = [await perDay('reader'), await perDay('application'), await perDay('video')];
    const out: DataPoint[] = dates.map((date) => ({
      date,
      newUsers: users.get(date) ?? 0,
      applies: applies.get(date) ?? 0,
      uploads: uploads.get(date) ?? 0,
    }));
    return ok(c, out);
  });
}

function utcYmd(d: Date): [number, number, number] {
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
