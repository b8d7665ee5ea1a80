import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
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
import { findStaffByLogin, parseRoles } from '../db/repositories/staff';
import type { Database, StaffRow } from '../db/schema';
import { addressLimitKey } from '../http/client-address';
import { badCredentials, refused, tooManyAttempts } from '../http/errors';
import type { Services } from '../services';
import { newDeviceNonce } from './device-cookie';
import { hasSecondFactor, hasTotp, mustEnrol } from './factors';
import { type ChallengePurpose, issueChallenge } from './mfa/challenge';
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

export interface SessionOutcome {
  kind: 'session';
  token: string;
  staffId: number;
  /** For the device cookie to (re)issue: the trusted device's own, or a new one. */
  deviceNonce: string;
  mustChangePassword: boolean;
  /** The session's absolute end (LECTERN_SESSION_MAX_HOURS after now). */
  expiresAt: Date;
}

/** The password was right, and a second step comes first: no session, a challenge (mfa/challenge.ts). */
export interface ChallengeOutcome {
  kind: 'challenge';
  purpose: ChallengePurpose;
  challenge: string;
  staffId: number;
}

export type LoginOutcome = SessionOutcome | ChallengeOutcome;

/** What a password check or a code check of a sign-in is, for the trail and the limits. */
export interface Attempt {
  staff: StaffRow | undefined;
  /** The name typed (a code step: the account's own name). */
  typedName: string;
  address: string;
  userAgent: string;
  nonce: string | undefined;
}

const attemptEvent =
  (a: Attempt) =>
  (kind: SecurityEvent['kind'], reason: string | null = null): SecurityEvent => ({
    kind,
    reason,
    account: a.staff ? { id: a.staff.id, userName: a.staff.user_name } : null,
    attemptedName: a.typedName,
    address: a.address,
    userAgent: a.userAgent,
  });

/**
 * Reserves the attempt's slots (docs/accounts.md): with a valid device cookie for the account, on
 * that device's key only (a device over its own limit has lost trust and continues as an untrusted
 * client); otherwise on the account's key for untrusted clients and on the client address's key.
 * Throws 42900 (with the trail's `sign_in_failed: locked`, or `failedKind`'s) when refused.
 */
export async function reserveSignIn(
  services: Services,
  a: Attempt,
  marker: string,
  failedKind: SecurityEvent['kind'] = 'sign_in_failed',
): Promise<{ held: Held[]; trusted: boolean }> {
  const { db, config } = services;
  const now = services.now();
  const policy = limitPolicy(config);
  if (a.nonce) {
    const device: LimitKey = { key: `dev:${a.nonce}`, limit: config.loginDeviceMaxFailures };
    const r = await reserveAttempts(db, [device], now, policy, marker);
    if (r.granted) return { held: r.held, trusted: true };
  }
  // Keyed by the account's name when it exists, so the name and phone tabs share one count;
  // unknown names are counted too, so a refusal does not tell which names exist.
  const account = `acct:${(a.staff?.user_name ?? a.typedName).toLowerCase()}`;
  const r = await reserveAttempts(
    db,
    [
      { key: account, limit: config.loginMaxFailures },
      { key: `ip:${addressLimitKey(a.address)}`, limit: config.loginAddressMaxFailures },
    ],
    now,
    policy,
    marker,
  );
  if (!r.granted) {
    await recordSecurityEvent(services, attemptEvent(a)(failedKind, 'locked'));
    throw tooManyAttempts(r.retryAfterSeconds);
  }
  return { held: r.held, trusted: false };
}

/** A failed check keeps its slots (and locks a key whose window is full), is written to the trail, and is slowed. */
export async function settleSignInFailure(
  services: Services,
  a: Attempt,
  held: Held[],
  kind: SecurityEvent['kind'],
  reason: string,
): Promise<void> {
  const now = services.now();
  const locked = await settleFailures(services.db, held, now, limitPolicy(services.config));
  const event = attemptEvent(a);
  for (const e of [event(kind, reason), ...lockoutEvents(locked, event('lockout'))])
    await recordSecurityEvent(services, e);
  // Slowed, then refused: each earlier failure in the window adds a delay.
  const previous = Math.max(0, ...held.map((h) => h.failures - 1));
  const delay = Math.min(MAX_SLOWDOWN_MS, services.config.loginSlowdownMs * previous);
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
}

/** A success gives back the address's slot and resets the device or account key. */
export async function settleSignInSuccess(trx: Kysely<Database>, held: Held[]): Promise<void> {
  await resetKeys(
    trx,
    held.filter((h) => !h.key.startsWith('ip:')).map((h) => h.key),
  );
  for (const h of held.filter((h) => h.key.startsWith('ip:'))) await returnSlot(trx, h);
}

/**
 * Sign in (docs/accounts.md). Slots are reserved before the password is checked (reserveSignIn);
 * refused: 42900 with Retry-After, the password unchecked. Then the check; a failure keeps its
 * slots, a success resets the device or account key and gives back its address slot. A member with
 * a second factor, or who must enrol one first (LECTERN_MFA_REQUIRED), gets a challenge instead of
 * a session: the slots are all given back, neither counted nor reset, so the code step counts its
 * wrong codes on the same keys and a known password does not clear them. Throws 60204 or 42900.
 */
export async function login(services: Services, req: LoginRequest): Promise<LoginOutcome> {
  const { db } = services;
  const marker = attemptMarker();

  const staff = await findStaffByLogin(db, req.input.userName);
  const attempt: Attempt = {
    staff,
    typedName: req.input.userName,
    address: req.address,
    userAgent: req.userAgent,
    nonce: staff ? await req.deviceNonce(staff.id) : undefined,
  };
  const { held, trusted } = await reserveSignIn(services, attempt, marker);

  // Verify even without an account, so the response time does not reveal which names exist.
  const valid = await verifyPassword(req.input.password, staff?.password_hash ?? (await dummyHash()));
  if (!staff || !valid || staff.status !== 'active') {
    const reason = !staff ? 'unknown_account' : !valid ? 'wrong_password' : 'disabled';
    await settleSignInFailure(services, attempt, held, 'sign_in_failed', reason);
    throw badCredentials();
  }

  const second = await secondStepFor(services, staff);
  if (second === 'passkey') {
    for (const h of held) await returnSlot(db, h);
    throw refused({ code: 'passkey_only', params: {} }, 'This account signs in with a passkey');
  }
  if (second) {
    for (const h of held) await returnSlot(db, h);
    const challenge = await issueChallenge(services, {
      staffId: staff.id,
      purpose: second,
      remember: req.input.remember === true,
    });
    return { kind: 'challenge', purpose: second, challenge, staffId: staff.id };
  }
  return openSession(services, { attempt, held, trusted, staff, reason: null });
}

/**
 * The step a password alone does not finish: `verify` for a member with an authenticator app,
 * `passkey` (refused) for one with passkeys only, `enrol`
 * for one who must have one and has none (unless the password must be changed first: that
 * session is restricted, and its change leads to the enrolment, password-change.ts).
 */
async function secondStepFor(services: Services, staff: StaffRow): Promise<ChallengePurpose | 'passkey' | null> {
  if (await hasTotp(services.db, staff.id)) return 'verify';
  // Passkeys and no authenticator app: the passkey is the way in, a password alone opens nothing.
  if (await hasSecondFactor(services.db, staff.id)) return 'passkey';
  if (staff.must_change_password === 1) return null;
  return mustEnrol(services.config, parseRoles(staff.roles)) ? 'enrol' : null;
}

/** The session of a finished sign-in: limits settled, the session row, the trail's `sign_in`. */
export async function openSession(
  services: Services,
  o: { attempt: Attempt; held: Held[]; trusted: boolean; staff: StaffRow; reason: string | null },
): Promise<SessionOutcome> {
  const { db, config } = services;
  const now = services.now();
  const { staff, attempt } = o;
  const token = newToken();
  const nowIso = now.toISOString();
  const expiresAt = sessionExpiry(config, now);
  await db.transaction().execute(async (trx) => {
    await settleSignInSuccess(trx, o.held);
    await purgeDeadSessions(trx, sessionLimits(config, now));
    await purgeOldAttempts(trx, now, limitPolicy(config));
    await createSession(trx, {
      tokenHash: hashToken(token),
      staffId: staff.id,
      publicId: randomBytes(16).toString('base64url'),
      // By code points, so a cut never splits a character in two.
      userAgent: Array.from(attempt.userAgent).slice(0, USER_AGENT_MAX).join(''),
      address: attempt.address,
      now: nowIso,
      expiresAt: expiresAt.toISOString(),
    });
  });
  // After the session exists: a trail that cannot be written is logged, the member is signed in.
  const reason = staff.must_change_password === 1 ? 'must_change_password' : o.reason;
  await recordSecurityEvent(services, attemptEvent(attempt)('sign_in', reason));
  await purgeSecurityEventsNow(services);
  return {
    kind: 'session',
    token,
    staffId: staff.id,
    deviceNonce: o.trusted && attempt.nonce ? attempt.nonce : newDeviceNonce(),
    mustChangePassword: staff.must_change_password === 1,
    expiresAt,
  };
}
