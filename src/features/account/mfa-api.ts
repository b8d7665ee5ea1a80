import { queryOptions } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../contract/auth';
import { Code } from '../../contract/envelope';
import type { MfaChallengeResult, MfaStatus, ReauthInput, RecoveryCodes, TotpSetup } from '../../contract/mfa';
import { http } from '../../lib/api';
import { resetToken } from '../../lib/auth';
import { dropEarlyAnswers } from '../../lib/early-answers';
import { ApiError } from '../../lib/http';
import { markPasswordChange } from '../../lib/token';
import { MFA_ENROL_KEY } from '../../sign-in/mfa-handoff';
import { nextSessionEpoch, sessionStore } from '../../stores/session';
import { askReauth } from './reauth-state';

/** GET /auth/mfa: the member's second factors. */
export const mfaStatusQuery = () =>
  queryOptions({
    queryKey: ['auth', 'mfa'] as const,
    queryFn: () => http.get<MfaStatus>('/auth/mfa'),
    staleTime: 0,
  });

/**
 * Runs a change of sign-in details; when the server wants a recent sign-in first (40311,
 * server/auth/step-up.ts) asks "Confirm it's you" and, confirmed, runs it again. Cancelled: throws
 * the refusal. For the passkeys' add and remove too.
 */
export async function withReauth<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === Code.ReauthRequired)) throw e;
    if (!(await askReauth())) throw e;
    return fn();
  }
}

/** POST /auth/reauth: marks this session as confirmed for a few minutes. */
export const reauth = (input: ReauthInput) => http.post('/auth/reauth', input, { quiet: true });

export const startTotp = () => withReauth(() => http.post<TotpSetup>('/auth/mfa/totp', undefined, { quiet: true }));

export const confirmTotp = (code: string) =>
  withReauth(() => http.post<RecoveryCodes>('/auth/mfa/totp/confirm', { code }, { quiet: true }));

export const removeTotp = () => withReauth(() => http.delete('/auth/mfa/totp', { quiet: true }));

export const regenerateRecoveryCodes = () =>
  withReauth(() => http.post<RecoveryCodes>('/auth/mfa/recovery-codes', undefined, { quiet: true }));

/** POST /auth/sessions/end-others: every other device of the member is signed out. */
export const endOtherSessions = () => http.post<{ ended: number }>('/auth/sessions/end-others');

/**
 * PUT /auth/password, with a confirmation first when the server asks for one. A required change
 * of a member who must also set up a second factor ends this session: the enrolment follows on
 * the sign-in page (its challenge is left there), before the console opens; true then.
 */
export async function changePasswordStep(input: PasswordChangeInput, redirect?: string): Promise<boolean> {
  const next = await withReauth(() => http.put<MfaChallengeResult | null>('/auth/password', input));
  if (next?.mfaEnrolRequired) {
    sessionStorage.setItem(MFA_ENROL_KEY, next.challenge);
    resetToken();
    const to = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    location.replace(`${import.meta.env.BASE_URL}login${to}`);
    return true;
  }
  // As lib/auth.ts changePassword: what was asked before the change described the locked session.
  nextSessionEpoch();
  dropEarlyAnswers();
  markPasswordChange(false);
  sessionStore.mustChangePassword = false;
  return false;
}
