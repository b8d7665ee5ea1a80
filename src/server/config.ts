import { resolve } from 'node:path';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../contract/password-policy';
import { passwordProblemMessage } from './auth/password-rule';
import { sessionMaxHours } from './auth/session-life';
import type { AppConfig } from './context';
import { FIRST_ADMIN } from './db/bootstrap';
import { envInt as int } from './env-int';
import { jobsConfigFromEnv, jobsEnvShape } from './jobs/config';
import { mailConfigFromEnv, mailEnvShape } from './mail/config';
import { mediaConfigFromEnv, mediaEnvShape } from './media/config';
import { opsConfigFromEnv, opsEnvProblems, opsEnvShape } from './ops/config';
import { byteSize, missingCloudEnv, vodConfigFromEnv, vodConnectSrc, vodEnvShape } from './vod/config';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections per instance. */
  dbPoolSize: number;
  /** undefined: generate one on first start and print it once. */
  adminPassword: string | undefined;
  seed: 'demo' | undefined;
  app: AppConfig;
}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(8080),
  LECTERN_DATA: z.string().trim().min(1).default('./data'),
  LECTERN_DIST: z.string().trim().min(1).default('./dist'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LECTERN_DB_POOL_SIZE: int(1, 1000).default(10),
  // The full rule (password-policy.ts, asynchronous) is checkAdminPassword's; the length is known here.
  LECTERN_ADMIN_PASSWORD: z
    .string()
    .refine((v) => [...v].length >= MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .refine((v) => v.length <= 200, 'must be at most 200 characters')
    .optional(),
  LECTERN_TOKEN_IDLE_MINUTES: int(1, 60 * 24 * 365).default(720),
  // A working day (ASVS 5.0 7.3.2). At most 400 days: browsers cap a cookie's lifetime there (RFC
  // 6265bis), and the remembered session's cookie lasts exactly as long as the session.
  LECTERN_SESSION_MAX_HOURS: sessionMaxHours.default(12),
  LECTERN_SECURITY_EVENTS_DAYS: int(1, 36_500).default(365),
  LECTERN_LOGIN_MAX_FAILURES: int(1, 1000).default(5),
  LECTERN_LOGIN_ADDRESS_MAX_FAILURES: int(1, 100_000).default(20),
  LECTERN_LOGIN_DEVICE_MAX_FAILURES: int(1, 1000).default(10),
  LECTERN_LOGIN_WINDOW_SECONDS: int(1, 86_400 * 7).default(900),
  LECTERN_LOGIN_LOCK_MAX_SECONDS: int(1, 86_400 * 30).default(86_400),
  LECTERN_LOGIN_SLOWDOWN_MS: int(0, 10_000).default(250),
  LECTERN_MFA_REQUIRED: z.enum(['admin', 'all', 'none'], { error: 'must be admin, all or none' }).default('admin'),
  LECTERN_TRUST_PROXY: flag.default(false),
  LECTERN_SEED: z.enum(['demo'], { error: 'must be "demo" or unset' }).optional(),
  LECTERN_CONNECT_SRC: z.string().optional(),
  LECTERN_STORAGE_RESERVE: byteSize(0, Number.MAX_SAFE_INTEGER).default(1024 ** 3),
  ...vodEnvShape,
  ...opsEnvShape,
  ...jobsEnvShape,
  ...mediaEnvShape,
  ...mailEnvShape,
});

export class ConfigError extends Error {}

/** Parse the environment; empty strings count as unset so `PORT=` in a shell script means "default". */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = envSchema.safeParse(cleaned);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  if (e.LECTERN_LOGIN_LOCK_MAX_SECONDS < e.LECTERN_LOGIN_WINDOW_SECONDS)
    throw new ConfigError(
      'Invalid configuration:\n  LECTERN_LOGIN_LOCK_MAX_SECONDS: must be at least LECTERN_LOGIN_WINDOW_SECONDS (the first lock lasts one window)',
    );
  const missing = missingCloudEnv(e);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when LECTERN_VOD_MODE=cloud`).join('\n')}`,
    );
  const opsProblems = opsEnvProblems(e);
  if (opsProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${opsProblems.join('\n')}`);
  const vod = vodConfigFromEnv(e, e.HOST);
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.LECTERN_DATA),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.LECTERN_DB_POOL_SIZE,
    adminPassword: e.LECTERN_ADMIN_PASSWORD,
    seed: e.LECTERN_SEED,
    app: {
      tokenIdleMinutes: e.LECTERN_TOKEN_IDLE_MINUTES,
      sessionMaxHours: e.LECTERN_SESSION_MAX_HOURS,
      securityEventsDays: e.LECTERN_SECURITY_EVENTS_DAYS,
      loginMaxFailures: e.LECTERN_LOGIN_MAX_FAILURES,
      loginAddressMaxFailures: e.LECTERN_LOGIN_ADDRESS_MAX_FAILURES,
      loginDeviceMaxFailures: e.LECTERN_LOGIN_DEVICE_MAX_FAILURES,
      loginWindowSeconds: e.LECTERN_LOGIN_WINDOW_SECONDS,
      loginLockMaxSeconds: e.LECTERN_LOGIN_LOCK_MAX_SECONDS,
      loginSlowdownMs: e.LECTERN_LOGIN_SLOWDOWN_MS,
      mfaRequired: e.LECTERN_MFA_REQUIRED,
      trustProxy: e.LECTERN_TRUST_PROXY,
      distDir: resolve(e.LECTERN_DIST),
      extraConnectSrc: [...(e.LECTERN_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean), ...vodConnectSrc(vod)],
      storageReserveBytes: e.LECTERN_STORAGE_RESERVE,
      vod,
      ops: opsConfigFromEnv(e),
      jobs: jobsConfigFromEnv(e),
      media: mediaConfigFromEnv(e),
      mail: mailConfigFromEnv(e),
    },
  };
}

/**
 * LECTERN_ADMIN_PASSWORD must meet the same rule as every password (12+ characters, not guessable):
 * a weak one is a configuration error, reported like the others, rather than an admin account that
 * starts out weak. Asynchronous because the rule loads its dictionaries on first use.
 */
export async function checkAdminPassword(config: Config): Promise<void> {
  if (config.adminPassword === undefined) return;
  const problem = await passwordProblemMessage(config.adminPassword, Object.values(FIRST_ADMIN));
  if (problem) throw new ConfigError(`Invalid configuration:\n  LECTERN_ADMIN_PASSWORD: ${problem}`);
}
