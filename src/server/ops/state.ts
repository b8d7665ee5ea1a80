import type { ServiceBase } from '../context';
import { defaultOpsConfig, type OpsConfig } from './config';
import { type PinoLogger, silentLogger } from './logger';
import { LecternMetrics } from './metrics';

/** What main.ts hands the services for operating the app; tests may leave it out. */
export interface OpsDeps {
  /** Access log and operational lines; default: silent. */
  logger?: PinoLogger;
}

/** The ops service: the app's logger, metrics and whether it is shutting down. */
export class Ops {
  readonly config: OpsConfig;
  readonly logger: PinoLogger;
  readonly metrics: LecternMetrics;
  /** Set on SIGTERM: /readyz answers 503 and every response closes its connection. */
  shuttingDown = false;

  constructor(base: ServiceBase, deps: OpsDeps = {}) {
    this.config = base.config.ops ?? defaultOpsConfig;
    this.logger = deps.logger ?? silentLogger();
    this.metrics = new LecternMetrics(base, this.logger);
  }
}
