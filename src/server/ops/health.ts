import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../context';
import { migrationsFor } from '../db/migrations';
import type { Services } from '../services';
import type { Ops } from './state';

/** A probe answers within this, whatever hangs behind it: balancers time out their checks too. */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckName = 'database' | 'migrations' | 'storage' | 'shutdown';
export type CheckResult = 'ok' | 'failed' | 'skipped';

export interface Readiness {
  status: 'ready' | 'not ready' | 'shutting down';
  /** The parts that fail, by name; empty when ready. */
  failing: CheckName[];
  checks: Partial<Record<CheckName, CheckResult>>;
}

/** What failed and why, for the log (the HTTP answer names the part only: it is unauthenticated). */
interface Failure {
  check: CheckName;
  reason: string;
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The folders uploads are written to: images always, the local video service's bytes in local mode. */
function storageDirs(services: Services): string[] {
  const dirs = [join(services.dataDir, 'files')];
  if ((services.config.vod?.mode ?? 'local') === 'local') dirs.push(join(services.dataDir, 'oss'));
  return dirs;
}

/** Writes and removes a small file in each upload folder: catches a full, read-only or missing mount. */
async function probeStorage(services: Services): Promise<void> {
  for (const dir of storageDirs(services)) {
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, 'ok', { flag: 'wx' });
    await unlink(probe);
  }
}

/** Every migration this build knows is applied (a newer instance may have applied more: fine). */
async function checkMigrations(services: Services): Promise<void> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(services.db);
  const applied = new Set(rows.rows.map((r) => r.name));
  const missing = Object.keys(migrationsFor(services.dialect)).filter((n) => !applied.has(n));
  if (missing.length > 0) throw new Error(`not applied: ${missing.join(', ')}`);
}

/** Database reachable and migrated, storage writable; not ready at all once a shutdown began. */
export async function checkReadiness(
  services: Services,
  ops: Ops,
): Promise<{ readiness: Readiness; failures: Failure[] }> {
  if (ops.shuttingDown) {
    return {
      readiness: { status: 'shutting down', failing: ['shutdown'], checks: { shutdown: 'failed' } },
      failures: [],
    };
  }
  const failures: Failure[] = [];
  const checks: Readiness['checks'] = {};
  const run = async (check: CheckName, fn: () => Promise<void>) => {
    try {
      await withTimeout(fn(), check);
      checks[check] = 'ok';
    } catch (err) {
      checks[check] = 'failed';
      failures.push({ check, reason: reasonOf(err) });
    }
  };
  await Promise.all([
    (async () => {
      await run('database', async () => {
        await sql`select 1`.execute(services.db);
      });
      if (checks.database === 'ok') await run('migrations', () => checkMigrations(services));
      else checks.migrations = 'skipped';
    })(),
    run('storage', () => probeStorage(services)),
  ]);
  const failing = failures.map((f) => f.check);
  return { readiness: { status: failing.length === 0 ? 'ready' : 'not ready', failing, checks }, failures };
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /healthz`: the process answers (liveness: restart it if this fails). `GET /readyz`: send it
 * traffic (readiness). Both unauthenticated, at the server root whatever the console's base path,
 * never cached.
 */
export function registerHealthRoutes(app: Hono<AppEnv>, services: Services, ops: Ops) {
  app.get('/healthz', (c) =>
    c.json(
      {
        status: 'ok',
        version: services.version,
        uptimeSeconds: Math.round((Date.now() - services.startedAt.getTime()) / 1000),
      },
      200,
      NO_STORE,
    ),
  );
  app.get('/readyz', async (c) => {
    const { readiness, failures } = await checkReadiness(services, ops);
    for (const f of failures) ops.logger.warn({ check: f.check, reason: f.reason }, `not ready: ${f.check} failed`);
    return c.json(readiness, readiness.failing.length === 0 ? 200 : 503, NO_STORE);
  });
}
