import type { Hono } from 'hono';
import type { SystemInfo } from '../../contract/system';
import type { AppDeps, AppEnv } from '../context';
import { ok } from '../http/envelope';
import type { RegisteredResource } from '../resources/types';
import { loose } from '../resources/write';

export function registerSystemRoutes(api: Hono<AppEnv>, deps: AppDeps, resources: RegisteredResource[]) {
  api.get('/system/info', async (c) => {
    const counts: Record<string, number> = {};
    for (const r of resources) {
      const row = await loose(deps.db)
        .selectFrom(r.table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts[r.name] = Number(row.n);
    }
    const info: SystemInfo = {
      version: deps.version,
      uptimeSeconds: Math.floor((deps.now().getTime() - deps.startedAt.getTime()) / 1000),
      database: deps.dialect,
      counts,
    };
    return ok(c, info);
  });
}
