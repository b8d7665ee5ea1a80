import type { Server } from 'node:http';
import type { Ops } from './index';

export interface ShutdownOptions {
  server: Server;
  ops: Ops;
  /** Closes the database (Kysely's destroy: the pg pool ends, the SQLite file is closed and checkpointed). */
  closeDatabase: () => Promise<void>;
  exit: (code: number) => void;
}

/** While draining, keep-alive connections that fall idle are closed this often (they would linger for 5 s). */
const IDLE_SWEEP_MS = 200;

/**
 * The graceful stop on SIGTERM/SIGINT:
 * 1. not ready at once (/readyz 503, every answer closes its connection);
 * 2. keep serving for LECTERN_SHUTDOWN_DELAY_SECONDS, so a balancer's health check takes the
 *    instance out before its port closes;
 * 3. stop accepting, let requests in flight finish (upload parts included) for at most
 *    LECTERN_SHUTDOWN_GRACE_SECONDS, then cut what is left;
 * 4. close the database, exit 0. A second signal exits at once with 1.
 * Returns the signal handler.
 */
export function gracefulShutdown({ server, ops, closeDatabase, exit }: ShutdownOptions): (signal: string) => void {
  const log = ops.logger;
  const { delayMs, graceMs } = ops.config.shutdown;
  let stopping = false;

  const run = async (signal: string) => {
    ops.shuttingDown = true;
    log.info(
      { signal, delayMs, graceMs, inFlight: ops.metrics.inFlightCount },
      `${signal}: shutting down (not ready from now on)`,
    );
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      log.warn({ inFlight: ops.metrics.inFlightCount }, 'shutdown: grace period over, closing remaining connections');
      server.closeAllConnections();
    }, graceMs);
    log.info({ inFlight: ops.metrics.inFlightCount }, 'shutdown: no longer accepting connections; draining');
    await closed;
    clearInterval(sweep);
    clearTimeout(deadline);
    if (!cut) log.info('shutdown: all requests finished');

    try {
      await closeDatabase();
    } catch (err) {
      log.error({ err }, 'shutdown: closing the database failed');
      exit(1);
      return;
    }
    log.info('shutdown: database closed; stopped');
    exit(0);
  };

  return (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    stopping = true;
    run(signal).catch((err) => {
      log.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
}
