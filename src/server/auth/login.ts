import { randomBytes } from 'node:crypto';
import type { LoginInput } from '../../contract/auth';
import type { AppConfig } from '../context';
import {
  type Held,
  type LimitKey,
  type LimitPolicy,
  purgeOldAttempts,
  reserveAttempts,
  resetKeys,
  returnSlot,
  settleFailures,
} from '../db/repositories/login-attempts';
import { createSession, purgeDeadSessions } from '../db/repositories/sessions';
import { findStaffByLogin } from '../db/repositories/staff';
import { addressLimitKey } from '../http/client-address';
import { badCredentials, tooManyAttempts } from '../http/errors';
import type { Services } from '../services';
import { newDeviceNonce } from './device-cookie';
import { dummyHash, verifyPassword } from './password';
import { lockoutEvents, purgeSecurityEventsNow, recordSecurityEvent, type SecurityEvent } from './security-events';
import { sessionExpiry, sessionLimits } from './session-life';
import { hashToken, newToken } from './tokens';

const MAX_SLOWDOWN_MS = 2_000;
const USER_AGENT_MAX = 300;

export const limitPolicy = (config: AppConfig): LimitPolicy => ({
  windowMs: config.loginWindowSeconds * 1000,
  lockMaxMs: config.loginLockMaxSeconds * 1000,
});

/** A random marker per attempt: how an attempt recognises its own reservation (login-attempts.ts). */
export const attemptMarker = () => randomBytes(12).toString('base64url');

export interface LoginRequest {
  input: LoginInput;
  address: string;
  userAgent: string;
  /** The nonce of a valid device cookie the request carries for this account, if any. */
  deviceNonce: (staffId: number) => Promise<string | undefined>;
}

export interface LoginOutcome {
  token: string;
  staffId: number;
  /** For the device cookie to (re)issue: the trusted device's own, or a new one. */
  deviceNonce: string;
  mustChangePassword: boolean;
  /** The session's absolute end (LECTERN_SESSION_MAX_HOURS after now). */
  expiresAt: Date;
}

/**
 * Sign in (docs/accounts.md). Slots are reserved before the password is checked:
 * - with a valid device cookie for the account: on that device's key only (its own small limit;
 *   a device over it has lost trust and continues as an untrusted client);
 * - otherwise on the account's key for untrusted clients and on the client address's key.
 * Refused: 42900 with Retry-After, the password unchecked. Then the check; a failure keeps its
 * slots (and locks a key whose window is full), a success resets the device or account key and
 * gives back its address slot. Throws 60204 or 42900.
 */
export async function login(services: Services, req: LoginRequest): Promise<LoginOutcome> {
  const { db, config } = services;
  const now = services.now();
  const policy = limitPolicy(config);
  const marker = attemptMarker();

  const staff = await findStaffByLogin(db, req.input.userName);
  const nonce = staff ? await req.deviceNonce(staff.id) : undefined;
  // The trail's view of this attempt (ASVS 16.3.1): the account, or the name typed when none matched.
  const event = (kind: SecurityEvent['kind'], reason: string | null = null): SecurityEvent => ({
    kind,
    reason,
    account: staff ? { id: staff.id, userName: staff.user_name } : null,
    attemptedName: req.input.userName,
    address: req.address,
    userAgent: req.userAgent,
  });

  let held: Held[] | undefined;
  if (nonce) {
    const device: LimitKey = { key: `dev:${nonce}`, limit: config.loginDeviceMaxFailures };
    const r = await reserveAttempts(db, [device], now, policy, marker);
    if (r.granted) held = r.held;
  }
  const trusted = held !== undefined;
  if (!held) {
    // Keyed by the account's name when it exists, so the name and phone tabs share one count;
    // unknown names are counted too, so a refusal does not tell which names exist.
    const account = `acct:${(staff?.user_name ?? req.input.userName).toLowerCase()}`;
    const r = await reserveAttempts(
      db,
      [
        { key: account, limit: config.loginMaxFailures },
        { key: `ip:${addressLimitKey(req.address)}`, limit: config.loginAddressMaxFailures },
      ],
      now,
      policy,
      marker,
    );
    if (!r.granted) {
      await recordSecurityEvent(services, event('sign_in_failed', 'locked'));
      throw tooManyAttempts(r.retryAfterSeconds);
    }
    held = r.held;
  }

  // Verify even without an account, so the response time does not reveal which names exist.
  const valid = await verifyPassword(req.input.password, staff?.password_hash ?? (await dummyHash()));
  if (!staff || !valid || staff.status !== 'active') {
    const locked = await settleFailures(db, held, now, policy);
    const reason = !staff ? 'unknown_account' : !valid ? 'wrong_password' : 'disabled';
    for (const e of [event('sign_in_failed', reason), ...lockoutEvents(locked, event('lockout'))])
      await recordSecurityEvent(services, e);
    // Slowed, then refused: each earlier failure in the window adds a delay.
    const previous = Math.max(0, ...held.map((h) => h.failures - 1));
    const delay = Math.min(MAX_SLOWDOWN_MS, config.loginSlowdownMs * previous);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    throw badCredentials();
  }

  const { token, expiresAt } = await openSession(services, staff.id, held, req);
  // After the session exists: a trail that cannot be written is logged, the member is signed in.
  await recordSecurityEvent(
    services,
    event('sign_in', staff.must_change_password === 1 ? 'must_change_password' : null),
  );
  await purgeSecurityEventsNow(services);
  return {
    token,
    staffId: staff.id,
    deviceNonce: trusted && nonce ? nonce : newDeviceNonce(),
    mustChangePassword: staff.must_change_password === 1,
    expiresAt,
  };
}

/**
 * The session of a sign-in that passed (a password here, a passkey in passkeys/): the account's
 * and device's limit keys reset, the address's slot given back, old sessions and attempts purged,
 * the new session created, in one transaction.
 */
export async function openSession(
  services: Services,
  staffId: number,
  held: Held[],
  client: { address: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date }> {
  const { db, config } = services;
  const now = services.now();
  const policy = limitPolicy(config);
  const token = newToken();
  const nowIso = now.toISOString();
  const expiresAt = sessionExpiry(config, now);
  await db.transaction().execute(async (trx) => {
    await resetKeys(
      trx,
      held.filter((h) => !h.key.startsWith('ip:')).map((h) => h.key),
    );
    for (const h of held.filter((h) => h.key.startsWith('ip:'))) await returnSlot(trx, h);
    await purgeDeadSessions(trx, sessionLimits(config, now));
    await purgeOldAttempts(trx, now, policy);
    await createSession(trx, {
      tokenHash: hashToken(token),
      staffId,
      publicId: randomBytes(16).toString('base64url'),
      // By code points, so a cut never splits a character in two.
      userAgent: Array.from(client.userAgent).slice(0, USER_AGENT_MAX).join(''),
      address: client.address,
      now: nowIso,
      expiresAt: expiresAt.toISOString(),
    });
  });
  return { token, expiresAt };
}
