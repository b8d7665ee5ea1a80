import type { LoginInput } from '../../contract/auth';
import type { AppDeps } from '../context';
import { clearAttempts, getAttempts, purgeOldAttempts, recordFailure } from '../db/repositories/login-attempts';
import { createSession, purgeIdleSessions } from '../db/repositories/sessions';
import { findStaffByLogin } from '../db/repositories/staff';
import { badCredentials, tooManyAttempts } from '../http/errors';
import { dummyHash, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';

const MAX_SLOWDOWN_MS = 2_000;

/**
 * Sign in: limits per account and per client address (both in the database), then the password
 * check, then a new session. Returns the token; throws 60204 or 42900.
 */
export async function login(deps: AppDeps, input: LoginInput, address: string): Promise<string> {
  const { db, config } = deps;
  const now = deps.now();
  const windowMs = config.loginWindowSeconds * 1000;
  const windowOpenSince = new Date(now.getTime() - windowMs).toISOString();

  const staff = await findStaffByLogin(db, input.userName);
  // Keyed by the account's name when it exists, so switching between name and phone tabs shares one count.
  const acctKey = `acct:${(staff?.user_name ?? input.userName).toLowerCase()}`;
  const ipKey = `ip:${address}`;

  const attempts = await getAttempts(db, [acctKey, ipKey], windowOpenSince);
  // Refused even with the right password: otherwise the limit would only slow guessing, not stop it.
  const blocked = attempts.filter((a) => a.failures >= config.loginMaxFailures);
  if (blocked.length > 0) {
    const until = Math.max(...blocked.map((a) => Date.parse(a.window_start) + windowMs));
    throw tooManyAttempts(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  // Verify even without an account, so the response time does not reveal which names exist.
  const valid = await verifyPassword(input.password, staff?.password_hash ?? (await dummyHash()));
  if (!staff || !valid || staff.status !== 'active') {
    const nowIso = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await recordFailure(trx, acctKey, nowIso, windowOpenSince);
      await recordFailure(trx, ipKey, nowIso, windowOpenSince);
    });
    const previous = Math.max(0, ...attempts.map((a) => a.failures));
    const delay = Math.min(MAX_SLOWDOWN_MS, config.loginSlowdownMs * previous);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    throw badCredentials();
  }

  const token = newToken();
  const nowIso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await clearAttempts(trx, acctKey);
    await purgeIdleSessions(trx, new Date(now.getTime() - config.tokenIdleMinutes * 60_000).toISOString());
    await purgeOldAttempts(trx, windowOpenSince);
    await createSession(trx, hashToken(token), staff.id, nowIso);
  });
  return token;
}
