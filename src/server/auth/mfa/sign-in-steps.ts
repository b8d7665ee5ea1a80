import { renderSVG } from 'uqr';
import type { TotpSetup } from '../../../contract/mfa';
import { findStaffById, parseRoles } from '../../db/repositories/staff';
import { illegalToken, invalid } from '../../http/errors';
import type { Services } from '../../services';
import { confirmTotp, hasSecondFactor, mustEnrol, spendFactorCode, startTotp } from '../factors';
import {
  type Attempt,
  attemptMarker,
  openSession,
  reserveSignIn,
  type SessionOutcome,
  settleSignInFailure,
} from '../login';
import { recordSecurityEvent } from '../security-events';
import { totpUri } from '../totp';
import { type ChallengePurpose, readChallenge } from './challenge';

/** A code that is not one of the member's (or was used already): 40000 on `code`. */
export const wrongCode = () => invalid([{ path: 'code', message: 'is not a valid code, or was used already' }]);

export interface StepRequest {
  challenge: string;
  address: string;
  userAgent: string;
  deviceNonce: (staffId: number) => Promise<string | undefined>;
}

/** The challenge's member, still active; a void challenge is 401 like any call without a session. */
async function challenged(services: Services, req: StepRequest, purpose: ChallengePurpose) {
  const ch = await readChallenge(services, req.challenge, purpose);
  const staff = ch ? await findStaffById(services.db, ch.staffId) : undefined;
  if (!ch || !staff || staff.status !== 'active') throw illegalToken();
  const attempt: Attempt = {
    staff,
    typedName: staff.user_name,
    address: req.address,
    userAgent: req.userAgent,
    nonce: await req.deviceNonce(staff.id),
  };
  return { ch, staff, attempt };
}

/**
 * POST /auth/login/code: the second step. The code is a guess like a password: it reserves a slot
 * on the same keys as the sign-in (device, or account and address), and a wrong one counts there,
 * writes `mfa_failed` and may lock the key (429), exactly as a wrong password does.
 */
export async function signInWithCode(
  services: Services,
  req: StepRequest & { code: string },
): Promise<{ out: SessionOutcome; remember: boolean }> {
  const { ch, staff, attempt } = await challenged(services, req, 'verify');
  const { held, trusted } = await reserveSignIn(services, attempt, attemptMarker(), 'mfa_failed');
  const used = await spendFactorCode(services.db, staff.id, req.code, services.now());
  if (!used) {
    await settleSignInFailure(services, attempt, held, 'mfa_failed', 'wrong_code');
    throw wrongCode();
  }
  const account = { id: staff.id, userName: staff.user_name };
  if (used === 'recovery')
    await recordSecurityEvent(services, {
      kind: 'recovery_code_used',
      account,
      actor: account,
      address: req.address,
      userAgent: req.userAgent,
    });
  const out = await openSession(services, { attempt, held, trusted, staff, reason: used });
  return { out, remember: ch.remember };
}

/** A QR code and secret for the member's authenticator app (an enrolment under way). */
export function totpSetup(secret: string, account: string): TotpSetup {
  const uri = totpUri(secret, account);
  return { secret, uri, qrSvg: renderSVG(uri, { ecc: 'M', border: 2 }) };
}

/** POST /auth/login/enrol/start: a member who must have a second factor and has none sets one up. */
export async function startEnrolment(services: Services, req: StepRequest): Promise<TotpSetup> {
  const { staff } = await challenged(services, req, 'enrol');
  if (!mustEnrol(services.config, parseRoles(staff.roles)) || (await hasSecondFactor(services.db, staff.id)))
    throw illegalToken();
  const secret = await startTotp(services.db, staff.id, services.now());
  if (!secret) throw illegalToken();
  return totpSetup(secret, staff.user_name);
}

/**
 * POST /auth/login/enrol/confirm: the first code confirms the app; then the session opens, with
 * the recovery codes to show once. A wrong code counts like a wrong password.
 */
export async function finishEnrolment(
  services: Services,
  req: StepRequest & { code: string },
): Promise<{ out: SessionOutcome; remember: boolean; recoveryCodes: string[] }> {
  const { ch, staff, attempt } = await challenged(services, req, 'enrol');
  const { held, trusted } = await reserveSignIn(services, attempt, attemptMarker(), 'mfa_failed');
  const codes = await confirmTotp(services.db, staff.id, req.code, services.now());
  if (!codes) {
    await settleSignInFailure(services, attempt, held, 'mfa_failed', 'wrong_code');
    throw wrongCode();
  }
  const account = { id: staff.id, userName: staff.user_name };
  await recordSecurityEvent(services, {
    kind: 'factor_enrolled',
    reason: 'totp',
    account,
    actor: account,
    address: req.address,
    userAgent: req.userAgent,
  });
  const out = await openSession(services, { attempt, held, trusted, staff, reason: 'totp' });
  return { out, remember: ch.remember, recoveryCodes: codes };
}
