import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { Code } from '../../contract/envelope';
import { REAUTH_WINDOW_MINUTES } from '../../contract/mfa';
import type { AppEnv } from '../context';
import type { Database } from '../db/schema';
import { ApiError, illegalToken } from '../http/errors';
import type { Services } from '../services';
import { currentUser } from './middleware';

/**
 * Re-authentication before a change of sign-in details (ASVS 7.5.1): the password, the second
 * factors and the recovery codes change only in a session signed in, or confirmed by POST
 * /auth/reauth, within the last REAUTH_WINDOW_MINUTES. Otherwise 403 with code 40311: the console
 * asks "Confirm it's you" and sends the request again. Use after requireAuth.
 */
export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

export const reauthRequired = () =>
  new ApiError(Code.ReauthRequired, 'Confirm it is you first (POST /auth/reauth)', { reauth: true });

/** Whether the session was signed in to, or confirmed, recently enough for a sensitive change. */
export async function recentlyAuthenticated(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('session')
    .select(['created_at', 'reauth_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) throw illegalToken();
  const since = new Date(now.getTime() - REAUTH_WINDOW_MS).toISOString();
  return row.created_at >= since || (row.reauth_at !== null && row.reauth_at >= since);
}

export function requireRecentAuth(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await recentlyAuthenticated(services.db, currentUser(c).tokenHash, services.now()))) throw reauthRequired();
    await next();
  };
}

/** Marks the session as confirmed now (after POST /auth/reauth's check passed). */
export async function markReauthenticated(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('session').set({ reauth_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
}
