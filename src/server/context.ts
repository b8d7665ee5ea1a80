import type { Kysely } from 'kysely';
import type { Role } from '../contract/auth';
import type { DialectKind } from './db/dialect';
import type { Database } from './db/schema';
import type { OpsDeps } from './ops';
import type { OpsConfig } from './ops/config';
import type { VodConfig } from './vod/config';

/** The parts of the configuration the HTTP app needs (main.ts adds host, port, data folder). */
export interface AppConfig {
  tokenIdleMinutes: number;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Extra delay per repeated failure before the hard 429 ("slowed, then refused"). */
  loginSlowdownMs: number;
  trustProxy: boolean;
  distDir: string;
  /** Origins the console may connect to besides 'self' (issue 4: the video service). */
  extraConnectSrc: string[];
  /** The video service (vod/config.ts); absent: local mode with defaults. */
  vod?: VodConfig;
  /** Metrics access, logs, shutdown timings (ops/config.ts); absent: the defaults. */
  ops?: OpsConfig;
}

export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** LECTERN_DATA: uploaded images live under files/images here. */
  dataDir: string;
  config: AppConfig;
  version: string;
  startedAt: Date;
  /** Injected so tests can move time (token expiry, login windows) without sleeping. */
  now: () => Date;
  log: Logger;
  /** The process logger for access lines (ops/index.ts); absent: silent. */
  ops?: OpsDeps;
}

/** The signed-in staff member, loaded fresh from the database on every request. */
export interface AuthUser {
  staffId: number;
  userName: string;
  name: string;
  roles: Role[];
  tokenHash: string;
}

export type AppEnv = { Variables: { requestId: string; auth: AuthUser } };

export const consoleLogger: Logger = {
  info: (msg) => console.log(msg),
  error: (msg, err) => console.error(msg, err ?? ''),
};
