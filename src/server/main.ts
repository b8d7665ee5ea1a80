import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { warmPasswordRater } from './auth/password-rule';
import { ConfigError, checkAdminPassword, loadConfig } from './config';
import { checkInitialPassword, ensureAdmin, keepInitialPassword } from './db/bootstrap';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { openDatabase } from './db/open';
import { poolOf } from './db/postgres';
import { seedDemo } from './db/seed/demo';
import { defaultOpsConfig } from './ops/config';
import { appLogger, createLogger, type PinoLogger } from './ops/logger';
import { gracefulShutdown } from './ops/shutdown';
import { buildNouns } from './resources';
import { createServices } from './services';
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

function printGeneratedPassword(password: string, file: string | null) {
  const bar = '='.repeat(64);
  console.log(
    [
      bar,
      'First start: created the administrator account.',
      '  account:  admin',
      `  password: ${password}`,
      file
        ? `It is also kept in ${file} (readable by this user only) until it is changed;`
        : 'It is shown only this once (it could not be kept in a file);',
      'signing in with it asks for a new password at once.',
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

  // JSON lines (or readable ones on a terminal) from here on; ops/logger.ts.
  const logger = await createLogger((config.app.ops ?? defaultOpsConfig).log);
  startupLogger = logger;
  const log = appLogger(logger);

  const { db, dialect, location } = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
  });
  // The pool's own listener writes plain text; the same event as a log line instead.
  const pool = poolOf(db);
  pool?.removeAllListeners('error');
  pool?.on('error', (err) => logger.warn({ reason: err.message }, 'PostgreSQL pool: idle connection lost'));
  const services = createServices({
    db,
    dialect,
    dataDir: config.dataDir,
    config: config.app,
    version: readVersion(),
    log,
    ops: { logger },
  });
  // The nouns' server parts, built once: they hold their part of the demo seed, and the video
  // noun's hooks that the storage sweep and the video service use. Building opens no connection.
  const nouns = buildNouns(services);
  // Migrations, the first admin and the demo seed: one instance at a time (PostgreSQL advisory
  // lock), so instances starting together neither race nor seed twice.
  await withStartupLock(db, dialect, async (conn) => {
    await migrateToLatest(conn, dialect);
    const boot = await ensureAdmin(conn, config.adminPassword, new Date());
    // The generated password goes to the terminal and to a file of the owner's only (until the
    // first change deletes it: auth/password-change.ts), deliberately never to a log line.
    if (boot.generatedPassword) {
      const file = await keepInitialPassword(config.dataDir, boot.generatedPassword).catch((err: unknown) => {
        logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'Could not keep the first password');
        return null;
      });
      printGeneratedPassword(boot.generatedPassword, file);
    } else if (boot.created)
      log.info('First start: created the administrator account "admin" (password from LECTERN_ADMIN_PASSWORD).');
    else {
      // A later start before the first change: say again where the password is.
      const file = await checkInitialPassword(conn, config.dataDir).catch(() => null);
      if (file) log.info(`The administrator's first password is in ${file} until it is changed.`);
    }
    if (config.seed === 'demo') {
      const added = Object.entries(await seedDemo(conn, nouns, new Date(), config.dataDir));
      if (added.length > 0) log.info(`Demo data: added ${added.map(([k, n]) => `${n} ${k}`).join(', ')}.`);
    }
  });

  const app = createApp(services, nouns);
  // Background jobs (video processing) start with the process, so a job a killed process left
  // half-done is picked up again (jobs/).
  services.jobs.start().catch((err) => log.error('Background jobs did not start:', err));
  // Stalls are logged and counted from the start, whether or not Prometheus scrapes.
  services.ops.metrics.watchEventLoop();
  // The local bucket's lifecycle rule (docs/storage.md): abandoned uploads and leftovers go.
  const hooks = nouns.video.videoHooks;
  const stopSweep =
    config.app.vod && hooks ? startStorageSweep({ ...services, vod: config.app.vod, hooks }) : () => undefined;

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${info.port}`;
    logger.info({ url, database: location }, `Lectern listening on ${url}/ (database: ${location})`);
    // The first password change (or a hostile one) should not also pay for starting the rating
    // thread and loading its dictionaries: once the server is up, they load in the background.
    setTimeout(warmPasswordRater, 2_000).unref();
  }) as Server;
  server.on('error', (err) => {
    logger.fatal({ reason: err.message }, `Cannot listen on ${config.host}:${config.port}: ${err.message}`);
    process.exit(1);
  });

  // SIGTERM (orchestrators, rolling restarts) and SIGINT (Ctrl-C): drain, close the database, exit.
  const shutdown = gracefulShutdown({
    server,
    ops: services.ops,
    // The jobs and the live streams' LISTEN connection first (events/bus.ts), then the pool.
    closeDatabase: () => services.close().then(() => db.destroy()),
    exit: (code) => process.exit(code),
  });
  const stop = (signal: string) => {
    stopSweep();
    shutdown(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

let startupLogger: PinoLogger | undefined;

main().catch((err) => {
  const reason = err instanceof Error ? err.message : String(err);
  if (startupLogger) startupLogger.fatal({ err }, `Lectern failed to start: ${reason}`);
  else console.error('Lectern failed to start:', reason);
  process.exit(1);
});
