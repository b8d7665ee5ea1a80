import { type Context, Hono } from 'hono';
import {
  type EnrolledLogin,
  enrolConfirmSchema,
  enrolStartSchema,
  loginCodeSchema,
  type MfaStatus,
  type RecoveryCodes,
  reauthSchema,
  totpConfirmSchema,
} from '../../../contract/mfa';
import type { AppEnv } from '../../context';
import { reserveAttempts, resetKeys, settleFailures } from '../../db/repositories/login-attempts';
import { deleteStaffSessions } from '../../db/repositories/sessions';
import { findStaffById } from '../../db/repositories/staff';
import { clientAddress } from '../../http/client-address';
import { ok } from '../../http/envelope';
import { conflict, illegalToken, invalid, invalidField, tooManyAttempts } from '../../http/errors';
import { readJson } from '../../http/validate';
import type { Services } from '../../services';
import { deviceCookieKey, readDeviceNonce } from '../device-cookie';
import {
  confirmTotp,
  factorStatus,
  hasSecondFactor,
  mustEnrol,
  regenerateRecoveryCodes,
  removeFactors,
  spendFactorCode,
  startTotp,
} from '../factors';
import { attemptMarker, limitPolicy } from '../login';
import { currentUser, requireAuth } from '../middleware';
import { ownEventOf } from '../own-event';
import { verifyPassword } from '../password';
import { lockoutEvents, recordSecurityEvent } from '../security-events';
import { sessionAnswer } from '../sign-in-answer';
import { markReauthenticated, requireRecentAuth } from '../step-up';
import {
  finishEnrolment,
  type StepRequest,
  signInWithCode,
  startEnrolment,
  totpSetup,
  wrongCode,
} from './sign-in-steps';

/**
 * Two-step sign-in's routes (docs/api-additions.md, "Second factor"): the sign-in's second step
 * (public: the challenge is the credential, and only here), the member's own factors on the account
 * page (changes behind requireRecentAuth), POST /auth/reauth, and ending one's other sessions.
 */
export function mfaRoutes(services: Services): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const { db } = services;
  const trustProxy = services.config.trustProxy;
  const signedIn = requireAuth(services);
  const fresh = requireRecentAuth(services);

  const stepRequest = async (c: Context<AppEnv>, challenge: string): Promise<StepRequest> => {
    const key = await deviceCookieKey(services);
    return {
      challenge,
      address: clientAddress(c, trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
      deviceNonce: (staffId) => readDeviceNonce(c, key, staffId),
    };
  };
  const ownEvent = ownEventOf(trustProxy);

  api.post('/auth/login/code', async (c) => {
    const input = await readJson(c, loginCodeSchema);
    const { out, remember } = await signInWithCode(services, {
      ...(await stepRequest(c, input.challenge)),
      code: input.code,
    });
    return ok(c, await sessionAnswer(c, services, out, remember));
  });

  api.post('/auth/login/enrol/start', async (c) => {
    const input = await readJson(c, enrolStartSchema);
    return ok(c, await startEnrolment(services, await stepRequest(c, input.challenge)));
  });

  api.post('/auth/login/enrol/confirm', async (c) => {
    const input = await readJson(c, enrolConfirmSchema);
    const step = { ...(await stepRequest(c, input.challenge)), code: input.code };
    const { out, remember, recoveryCodes } = await finishEnrolment(services, step);
    const data: EnrolledLogin = { ...(await sessionAnswer(c, services, out, remember)), recoveryCodes };
    return ok(c, data);
  });

  api.get('/auth/mfa', signedIn, async (c) => {
    const user = currentUser(c);
    const status: MfaStatus = {
      ...(await factorStatus(db, user.staffId)),
      required: mustEnrol(services.config, user.roles),
    };
    return ok(c, status);
  });

  // Adding an authenticator app: a secret to scan, then its first code confirms it.
  api.post('/auth/mfa/totp', signedIn, fresh, async (c) => {
    const user = currentUser(c);
    const secret = await startTotp(db, user.staffId, services.now());
    if (!secret) throw conflict('An authenticator app is already set up: remove it first');
    return ok(c, totpSetup(secret, user.userName));
  });

  api.post('/auth/mfa/totp/confirm', signedIn, fresh, async (c) => {
    const input = await readJson(c, totpConfirmSchema);
    const codes = await confirmTotp(db, currentUser(c).staffId, input.code, services.now());
    if (!codes) {
      await recordSecurityEvent(services, ownEvent(c, 'mfa_failed', 'wrong_code'));
      throw wrongCode();
    }
    await recordSecurityEvent(services, ownEvent(c, 'factor_enrolled', 'totp'));
    const data: RecoveryCodes = { recoveryCodes: codes };
    return ok(c, data);
  });

  api.delete('/auth/mfa/totp', signedIn, fresh, async (c) => {
    if (await removeFactors(db, currentUser(c).staffId))
      await recordSecurityEvent(services, ownEvent(c, 'factor_removed', 'totp'));
    return ok(c, null);
  });

  api.post('/auth/mfa/recovery-codes', signedIn, fresh, async (c) => {
    const user = currentUser(c);
    if (!(await hasSecondFactor(db, user.staffId))) throw conflict('Set up an authenticator app first');
    const data: RecoveryCodes = { recoveryCodes: await regenerateRecoveryCodes(db, user.staffId, services.now()) };
    return ok(c, data);
  });

  // "Confirm it's you": the password, or a code of a second factor; limited like the current
  // password check of a password change (its key), so a stolen session cannot guess on.
  api.post('/auth/reauth', signedIn, async (c) => {
    const input = await readJson(c, reauthSchema);
    if ((input.password === undefined) === (input.code === undefined))
      throw invalidField('password', 'give your password or a code, one of the two', { code: 'required' });
    const user = currentUser(c);
    const staff = await findStaffById(db, user.staffId);
    if (!staff) throw illegalToken();
    const now = services.now();
    const policy = limitPolicy(services.config);
    const key = `pwd:${staff.id}`;
    const r = await reserveAttempts(
      db,
      [{ key, limit: services.config.loginMaxFailures }],
      now,
      policy,
      attemptMarker(),
    );
    if (!r.granted) throw tooManyAttempts(r.retryAfterSeconds, 'wrong confirmations');
    const used =
      input.password !== undefined
        ? (await verifyPassword(input.password, staff.password_hash))
          ? 'password'
          : null
        : await spendFactorCode(db, staff.id, input.code ?? '', now);
    if (!used) {
      const locked = await settleFailures(db, r.held, now, policy);
      const failed = ownEvent(c, 'mfa_failed', 'wrong_code');
      // A wrong password here is written as the password change's is: only if it locks the key.
      const events = input.password !== undefined ? [] : [failed];
      for (const e of [...events, ...lockoutEvents(locked, failed)]) await recordSecurityEvent(services, e);
      if (input.password !== undefined)
        throw invalid([{ path: 'password', message: 'is not your current password', code: 'password_wrong' }]);
      throw wrongCode();
    }
    await resetKeys(db, [key]);
    await markReauthenticated(db, user.tokenHash, now);
    if (used === 'recovery') await recordSecurityEvent(services, ownEvent(c, 'recovery_code_used'));
    return ok(c, null);
  });

  // After a change of sign-in details the console offers this: every other session of the member ends.
  api.post('/auth/sessions/end-others', signedIn, async (c) => {
    const user = currentUser(c);
    const ended = await deleteStaffSessions(db, user.staffId, user.tokenHash);
    if (ended > 0)
      await recordSecurityEvent(services, {
        ...ownEvent(c, 'session_ended', 'by_member'),
        changes: { sessions: { from: ended, to: 0 } },
      });
    return ok(c, { ended });
  });
  return api;
}
