import type { AppConfig } from '../context';
import type { SessionLimits } from '../db/repositories/sessions';

/**
 * How long a session lives (docs/accounts.md): idle for at most LECTERN_TOKEN_IDLE_MINUTES, and in
 * all at most LECTERN_SESSION_MAX_HOURS from its sign-in, however active (ASVS 5.0 7.3.2: sessions end).
 */
export const sessionMaxMs = (config: AppConfig) => config.sessionMaxHours * 3_600_000;

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
