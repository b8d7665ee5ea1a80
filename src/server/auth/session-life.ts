import { z } from 'zod';
import type { AppConfig } from '../context';
import type { SessionLimits } from '../db/repositories/sessions';

/**
 * How long a session lives (docs/accounts.md): idle for at most LECTERN_TOKEN_IDLE_MINUTES, and in
 * all at most LECTERN_SESSION_MAX_HOURS from its sign-in, however active (ASVS 5.0 7.3.2: sessions end).
 */
/**
 * LECTERN_SESSION_MAX_HOURS: hours, a fraction allowed down to one minute (`0.5` is 30 minutes; the
 * end-to-end tests run sessions of a minute or two), at most 400 days.
 */
export const sessionMaxHours = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, such as 12 or 0.5')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1 / 60, 'must be at least 0.0167 (one minute)')
      .max(400 * 24, 'must be at most 9600'),
  );

export const sessionMaxMs = (config: AppConfig) => Math.round(config.sessionMaxHours * 3_600_000);

/** A new session's absolute end. */
export const sessionExpiry = (config: AppConfig, signedInAt: Date) =>
  new Date(signedInAt.getTime() + sessionMaxMs(config));

export function sessionLimits(config: AppConfig, now: Date): SessionLimits {
  const t = now.getTime();
  return {
    now: now.toISOString(),
    idleSince: new Date(t - config.tokenIdleMinutes * 60_000).toISOString(),
    createdSince: new Date(t - sessionMaxMs(config)).toISOString(),
  };
}

/** Whether a session row read at `now` is within its limits (the read-only check of open streams). */
export function sessionAlive(
  row: { last_seen_at: string; created_at: string; expires_at: string },
  limits: SessionLimits,
): boolean {
  return row.last_seen_at >= limits.idleSince && row.expires_at > limits.now && row.created_at > limits.createdSince;
}

/**
 * When a session ends at the latest, as the console is told (X-Lectern-Session-End): its stored end,
 * or sooner when the setting was lowered since it signed in. Idle expiry is not in it: any request,
 * from any window, moves that.
 */
export function sessionEnd(row: { created_at: string; expires_at: string }, config: AppConfig): Date {
  return new Date(Math.min(Date.parse(row.expires_at), Date.parse(row.created_at) + sessionMaxMs(config)));
}

/** The answer header that tells an authenticated request's session end (ISO 8601). */
export const SESSION_END_HEADER = 'X-Lectern-Session-End';
