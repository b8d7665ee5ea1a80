import { Code } from '../../../contract/envelope';
import { type Held, type LimitKey, reserveAttempts, settleFailures } from '../../db/repositories/login-attempts';
import { findStaffById } from '../../db/repositories/staff';
import { addressLimitKey } from '../../http/client-address';
import { ApiError, tooManyAttempts } from '../../http/errors';
import type { Services } from '../../services';
import { attemptMarker, limitPolicy, openSession, type SessionOutcome } from '../login';
import { lockoutEvents, recordSecurityEvent, type SecurityEvent } from '../security-events';
import { checkAssertion } from './ceremonies';
import type { RelyingParty } from './relying-party';
import { findPasskey, markUsed } from './store';

const MAX_SLOWDOWN_MS = 2_000;

/** 60204 as for a wrong password; the same answer whatever failed, so nothing is told apart. */
export const passkeyNotAccepted = () => new ApiError(Code.BadCredentials, 'The passkey was not accepted.');

export interface PasskeySignInRequest {
  response: { id: string };
  address: string;
  userAgent: string;
  deviceNonce: (staffId: number) => Promise<string | undefined>;
}

/**
 * A sign-in with a passkey, under the rules of a password sign-in (login.ts): the same limit keys
 * reserved before the check (the trusted device's, or the account's and the address's; an unknown
 * passkey counts on the address only, having no account), the same refusal of a disabled account,
 * the same slow-down, 429 and lockout events, and the same session (openSession). A member who must
 * change the password still must (mustChangePassword). The trail says `sign_in` reason `passkey`.
 */
export async function signInWithPasskey(
  services: Services,
  rp: RelyingParty,
  req: PasskeySignInRequest,
): Promise<SessionOutcome> {
  const { db, config } = services;
  const now = services.now();
  const policy = limitPolicy(config);
  const marker = attemptMarker();

  const passkey = await findPasskey(db, req.response.id);
  const staff = passkey ? await findStaffById(db, passkey.staff_id) : undefined;
  const nonce = staff ? await req.deviceNonce(staff.id) : undefined;
  const event = (kind: SecurityEvent['kind'], reason: string | null = null): SecurityEvent => ({
    kind,
    reason,
    account: staff ? { id: staff.id, userName: staff.user_name } : null,
    address: req.address,
    userAgent: req.userAgent,
  });

  let held: Held[] | undefined;
  if (staff && nonce) {
    const device: LimitKey = { key: `dev:${nonce}`, limit: config.loginDeviceMaxFailures };
    const r = await reserveAttempts(db, [device], now, policy, marker);
    if (r.granted) held = r.held;
  }
  const trusted = held !== undefined;
  if (!held) {
    const keys: LimitKey[] = [{ key: `ip:${addressLimitKey(req.address)}`, limit: config.loginAddressMaxFailures }];
    if (staff) keys.unshift({ key: `acct:${staff.user_name.toLowerCase()}`, limit: config.loginMaxFailures });
    const r = await reserveAttempts(db, keys, now, policy, marker);
    if (!r.granted) {
      await recordSecurityEvent(services, event('sign_in_failed', 'locked'));
      throw tooManyAttempts(r.retryAfterSeconds);
    }
    held = r.held;
  }

  let reason: string | null = null;
  if (!passkey || !staff) reason = 'unknown_passkey';
  else {
    const check = await checkAssertion(services, rp, passkey, req.response);
    if (!check.ok) reason = 'passkey_rejected';
    // Forward only from the counter read: of two answers verified at once, one is kept.
    else if (!(await markUsed(db, passkey.id, Number(passkey.counter), check.newCounter, check.backedUp, now)))
      reason = 'passkey_rejected';
    else if (staff.status !== 'active') reason = 'disabled';
  }
  if (reason !== null || !staff) {
    const locked = await settleFailures(db, held, now, policy);
    for (const e of [event('sign_in_failed', reason), ...lockoutEvents(locked, event('lockout'))])
      await recordSecurityEvent(services, e);
    const previous = Math.max(0, ...held.map((h) => h.failures - 1));
    const delay = Math.min(MAX_SLOWDOWN_MS, config.loginSlowdownMs * previous);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    throw passkeyNotAccepted();
  }

  // A passkey with user verification is both factors: no second step follows it.
  return openSession(services, {
    attempt: { staff, typedName: staff.user_name, address: req.address, userAgent: req.userAgent, nonce },
    held,
    trusted,
    staff,
    reason: 'passkey',
  });
}
