import type { AppDeps } from '../context';
import { perApp } from '../per-app';
import { defaultOpsConfig, type OpsConfig } from './config';
import { type PinoLogger, silentLogger } from './logger';
import { LecternMetrics } from './metrics';

/** What main.ts hands the app for operating it (AppDeps.ops); tests may leave it out. */
export interface OpsDeps {
  /** Access log and operational lines; default: silent. */
  logger?: PinoLogger;
}

/** One app's operating state: its logger, metrics and whether it is shutting down. */
export class Ops {
  readonly config: OpsConfig;
  readonly logger: PinoLogger;
  readonly metrics: LecternMetrics;
  /** Set on SIGTERM: /readyz answers 503 and every response closes its connection. */
  shuttingDown = false;

  constructor(deps: AppDeps) {
    this.config = deps.config.ops ?? defaultOpsConfig;
    this.logger = deps.ops?.logger ?? silentLogger();
    this.metrics = new LecternMetrics(deps, this.logger);
  }
}

const opsByApp = perApp((deps) => new Ops(deps));

/** The Ops of the app built from `deps` (created on first use; the same object for the same deps). */
export const opsOf = (deps: AppDeps): Ops => opsByApp.of(deps);

/**
 * For the live event stream: report how many clients it holds (`source` is read at each scrape
 * into `lectern_event_stream_clients`). Returns the function that unregisters it.
 */
export function registerEventStreamClients(deps: AppDeps, source: () => number): () => void {
  return opsOf(deps).metrics.registerEventStreamClients(source);
}
