import type { PasswordChangeInput } from '../../contract/auth';
import type { MfaChallengeResult } from '../../contract/mfa';
import type { AuthUser } from '../context';
import { forgetInitialPassword } from '../db/bootstrap';
import { SECRET_MARK, writeAudit } from '../db/repositories/audit';
import { reserveAttempts, resetKeys, settleFailures } from '../db/repositories/login-attempts';
import { deleteStaffSessions } from '../db/repositories/sessions';
import { findStaffById, setOwnPassword } from '../db/repositories/staff';
import { illegalToken, invalidField, tooManyAttempts } from '../http/errors';
import type { Services } from '../services';
import { hasSecondFactor, mustEnrol } from './factors';
import { attemptMarker, limitPolicy } from './login';
import { issueChallenge } from './mfa/challenge';
import { hashPassword, verifyPassword } from './password';
import { requireStrongPassword } from './password-rule';
import { lockoutEvents, recordSecurityEvent, type SecurityEvent, writeSecurityEvents } from './security-events';

/**
 * PUT /auth/password. The new password is judged first (no secret involved, so a weak one costs
 * no guess); the current password check is a password guess like a sign-in, so it reserves a slot
 * on the account's own key first and is limited and locked the same way. On success: the new
 * hash, must_change_password cleared, every other session of the member ended, one audit row, and
 * the first admin's password file deleted when it held the old password. Answers the enrolment's
 * challenge when one must follow (below), else undefined.
 */
export async function changePassword(
  services: Services,
  user: AuthUser,
  input: PasswordChangeInput,
  /** The trail's password_changed event of this request (its address and browser). */
  changed: SecurityEvent,
): Promise<MfaChallengeResult | undefined> {
  const { db, config } = services;
  const staff = await findStaffById(db, user.staffId);
  if (!staff) throw illegalToken();
  // Compared as the hash sees them (password.ts normalises to NFKC).
  if (input.newPassword.normalize('NFKC') === input.oldPassword.normalize('NFKC'))
    throw invalidField('newPassword', 'must differ from the current password', { code: 'password_same' });
  await requireStrongPassword('newPassword', input.newPassword, [staff.user_name, staff.name, staff.phone]);

  const now = services.now();
  const policy = limitPolicy(config);
  const key = `pwd:${staff.id}`;
  const r = await reserveAttempts(db, [{ key, limit: config.loginMaxFailures }], now, policy, attemptMarker());
  if (!r.granted) throw tooManyAttempts(r.retryAfterSeconds, 'wrong current passwords');
  if (!(await verifyPassword(input.oldPassword, staff.password_hash))) {
    const locked = await settleFailures(db, r.held, now, policy);
    for (const e of lockoutEvents(locked, changed)) await recordSecurityEvent(services, e);
    throw invalidField('oldPassword', 'is not your current password', { code: 'password_wrong' });
  }

  const passwordHash = await hashPassword(input.newPassword);
  // A required change of a member who must also have a second factor and has none leads on to
  // the enrolment, on the sign-in page: this restricted session ends too, and the answer is the
  // enrolment's challenge, so the console never opens before the factor exists.
  const enrolNext = user.mustChangePassword && mustEnrol(config, user.roles) && !(await hasSecondFactor(db, staff.id));
  await db.transaction().execute(async (trx) => {
    await resetKeys(trx, [key]);
    await setOwnPassword(trx, staff.id, passwordHash);
    // Whoever else holds a session of this account (a stolen token, a forgotten kiosk) is out.
    const ended = await deleteStaffSessions(trx, staff.id, enrolNext ? undefined : user.tokenHash);
    const others: SecurityEvent[] =
      ended > 0
        ? [
            {
              ...changed,
              kind: 'session_ended',
              reason: 'password_changed',
              changes: { sessions: { from: ended, to: 0 } },
            },
          ]
        : [];
    await writeSecurityEvents(trx, services, [changed, ...others]);
    await writeAudit(trx, {
      at: now.toISOString(),
      actorId: staff.id,
      actorName: staff.user_name,
      action: 'update',
      resource: 'staff',
      recordId: staff.id,
      changes: { password: SECRET_MARK },
      recordTitle: staff.user_name,
    });
  });
  // The first admin's generated password, kept in a file until now (db/bootstrap.ts), is gone.
  await forgetInitialPassword(services.dataDir, input.oldPassword).catch((err: unknown) =>
    services.log.error('Could not delete the first password file', err),
  );
  if (!enrolNext) return undefined;
  return {
    mfaEnrolRequired: true,
    challenge: await issueChallenge(services, { staffId: staff.id, purpose: 'enrol', remember: false }),
  };
}
