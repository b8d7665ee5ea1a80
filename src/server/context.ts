/**
 * The base types of the server, a leaf of its import graph: the configuration, the logger, what
 * the services are built from (`ServiceBase`), the signed-in member and the request's variables.
 * It imports none of the services it describes; their type, `Services`, is derived from
 * `createServices` in services.ts.
 */
import type { Kysely } from 'kysely';
import type { Role } from '../contract/auth';
import type { DialectKind } from './db/dialect';
import type { Database } from './db/schema';
import type { EventsConfig } from './events/config';
import type { DiskFaults } from './files/disk';
import type { JobsConfig } from './jobs/config';
import type { MailConfig } from './mail/config';
import type { MediaConfig } from './media/config';
import type { OpsConfig } from './ops/config';
import type { VodConfig } from './vod/config';

/** The parts of the configuration the HTTP app needs (main.ts adds host, port, data folder). */
export interface AppConfig {
  tokenIdleMinutes: number;
  /**
   * A session's absolute lifetime from sign-in, however active it is (LECTERN_SESSION_MAX_HOURS);
   * a "keep me signed in" cookie lasts until then and no longer.
   */
  sessionMaxHours: number;
  /** How long security events stay in the audit trail (LECTERN_SECURITY_EVENTS_DAYS); absent: 365. */
  securityEventsDays?: number;
  /** Failed sign-ins per account from untrusted clients (no device cookie) per window. */
  loginMaxFailures: number;
  /** Failed untrusted sign-ins per client address per window (several staff may share one). */
  loginAddressMaxFailures: number;
  /** Failed sign-ins per trusted device (device cookie) per window; beyond it the device is untrusted. */
  loginDeviceMaxFailures: number;
  /** The counting window and the first lock's length; each further lock doubles. */
  loginWindowSeconds: number;
  /** The longest lock; a key quiet this long after its last lock starts over. */
  loginLockMaxSeconds: number;
  /** Extra delay per repeated failure before the hard 429 ("slowed, then refused"). */
  loginSlowdownMs: number;
  /** LECTERN_MFA_REQUIRED: who must have a second factor (auth/factors.ts); absent: `admin`. */
  mfaRequired?: 'admin' | 'all' | 'none';
  trustProxy: boolean;
  distDir: string;
  /** Origins the console may connect to besides 'self' (the video service, for one). */
  extraConnectSrc: string[];
  /** The video service (vod/config.ts); absent: local mode with defaults. */
  vod?: VodConfig;
  /**
   * Uploads (images, the local bucket) are refused with 507 when they would leave less than this
   * free on the disk of LECTERN_DATA; absent: 1 GiB (docs/storage.md).
   */
  storageReserveBytes?: number;
  /** Metrics access, logs, shutdown timings (ops/config.ts); absent: the defaults. */
  ops?: OpsConfig;
  /** The live stream's heartbeat and session check (events/hub.ts); absent: the defaults. */
  events?: Partial<EventsConfig>;
  /** The durable jobs' lease and maintenance (jobs/config.ts); absent: the defaults. */
  jobs?: JobsConfig;
  /** ffmpeg, ffprobe and video processing (media/config.ts); absent: the defaults. */
  media?: MediaConfig;
  /** Outgoing mail and the reminders' daily hour (mail/config.ts); absent: mail off, no daily run. */
  mail?: MailConfig;
}

export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}

/** What the services are built from (services.ts `createServices`); each service reads its part. */
export interface ServiceBase {
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
  /**
   * Tests only: file writes fail the way a full disk fails (files/disk.ts). Everything after the
   * failed write (cleanup, the 507 answer, the log) is the production code path.
   */
  diskFaults?: DiskFaults;
}

/** The signed-in staff member, loaded fresh from the database on every request. */
export interface AuthUser {
  staffId: number;
  userName: string;
  name: string;
  roles: Role[];
  tokenHash: string;
  /** Until the member changes the password, only info, password and logout answer (docs/api.md §6). */
  mustChangePassword: boolean;
}

export type AppEnv = { Variables: { requestId: string; auth: AuthUser } };
