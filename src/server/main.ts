import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, checkAdminPassword, loadConfig } from './config';
import { consoleLogger } from './context';
import { ensureAdmin } from './db/bootstrap';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { openDatabase } from './db/open';
import { seedDemo } from './db/seed-demo';
import { startStorageSweep } from './vod/lifecycle';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function printGeneratedPassword(password: string) {
  const bar = '='.repeat(64);
  console.log(
    [
      bar,
      'First start: created the administrator account.',
      '  account:  admin',
      `  password: ${password}`,
      'It is shown only this once; signing in with it asks for a new password at once.',
      bar,
    ].join('\n'),
  );
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
    await checkAdminPassword(config);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }

  const { db, dialect, location } = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
  });
  // Migrations, the first admin and the demo seed: one instance at a time (PostgreSQL advisory
  // lock), so instances starting together neither race nor seed twice.
  await withStartupLock(db, dialect, async (conn) => {
    await migrateToLatest(conn, dialect);
    const boot = await ensureAdmin(conn, config.adminPassword, new Date());
    if (boot.generatedPassword) printGeneratedPassword(boot.generatedPassword);
    else if (boot.created)
      console.log('First start: created the administrator account "admin" (password from LECTERN_ADMIN_PASSWORD).');
    if (config.seed === 'demo') {
      const added = Object.entries(await seedDemo(conn, new Date()));
      if (added.length > 0) console.log(`Demo data: added ${added.map(([k, n]) => `${n} ${k}`).join(', ')}.`);
    }
  });

  const deps = {
    db,
    dialect,
    dataDir: config.dataDir,
    config: config.app,
    version: readVersion(),
    startedAt: new Date(),
    now: () => new Date(),
    log: consoleLogger,
  };
  const app = createApp(deps);
  // The local bucket's lifecycle rule (docs/storage.md): abandoned uploads and leftovers go.
  const stopSweep = config.app.vod ? startStorageSweep({ ...deps, vod: config.app.vod }) : () => undefined;

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    console.log(`Database: ${location}`);
    console.log(`Lectern listening on http://${host}:${info.port}/`);
  }) as Server;
  server.on('error', (err) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${err.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    stopSweep();
    server.close(() => {
      db.destroy().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    // Keep-alive sockets would hold close() open; idle ones go now, busy ones get a grace period.
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Lectern failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
