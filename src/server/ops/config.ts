import { z } from 'zod';
import { envInt as int } from '../env-int';

/** Who may read GET /metrics: nobody, callers on this host, or callers with the bearer token. */
export type MetricsAccess = { mode: 'off' } | { mode: 'loopback' } | { mode: 'token'; token: string };

export type LogFormat = 'json' | 'pretty';

/** Operating settings: metrics access, log shape, the shutdown timings. */
export interface OpsConfig {
  metrics: MetricsAccess;
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; format: LogFormat | 'auto' };
  shutdown: {
    /** After SIGTERM, keep serving (answering /readyz with 503) this long so balancers stop sending first. */
    delayMs: number;
    /** Then at most this long for requests in flight (upload parts included) before cutting connections. */
    graceMs: number;
  };
}

export const defaultOpsConfig: OpsConfig = {
  metrics: { mode: 'loopback' },
  log: { level: 'info', format: 'auto' },
  shutdown: { delayMs: 0, graceMs: 30_000 },
};

/** Merged into config.ts's environment schema. */
export const opsEnvShape = {
  LECTERN_METRICS: z
    .enum(['off', 'loopback', 'token'], { error: 'must be "off", "loopback" or "token"' })
    .default('loopback'),
  LECTERN_METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').max(512).optional(),
  LECTERN_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LECTERN_LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { error: 'must be "auto", "json" or "pretty"' })
    .default('auto'),
  LECTERN_SHUTDOWN_DELAY_SECONDS: int(0, 600).default(0),
  LECTERN_SHUTDOWN_GRACE_SECONDS: int(0, 3600).default(30),
};

type OpsEnv = z.output<z.ZodObject<typeof opsEnvShape>>;

/** Variables that are set wrongly together (each alone is valid); config.ts reports them like the others. */
export function opsEnvProblems(e: OpsEnv): string[] {
  if (e.LECTERN_METRICS === 'token' && !e.LECTERN_METRICS_TOKEN)
    return ['  LECTERN_METRICS_TOKEN: required when LECTERN_METRICS=token'];
  return [];
}

export function opsConfigFromEnv(e: OpsEnv): OpsConfig {
  const metrics: MetricsAccess =
    e.LECTERN_METRICS === 'token'
      ? { mode: 'token', token: e.LECTERN_METRICS_TOKEN ?? '' }
      : { mode: e.LECTERN_METRICS };
  return {
    metrics,
    log: { level: e.LECTERN_LOG_LEVEL, format: e.LECTERN_LOG_FORMAT },
    shutdown: { delayMs: e.LECTERN_SHUTDOWN_DELAY_SECONDS * 1000, graceMs: e.LECTERN_SHUTDOWN_GRACE_SECONDS * 1000 },
  };
}
