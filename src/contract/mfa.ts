import { z } from 'zod';
import type { LoginResult } from './auth';

/**
 * Two-step sign-in (docs/api-additions.md, "Second factor"). POST /auth/login answers one of
 * these instead of a token when a second step comes first; the challenge is not a session.
 */
export interface MfaChallengeResult {
  /** A code (authenticator app or recovery code) is asked: POST /auth/login/code. */
  mfaRequired?: true;
  /** A second factor must be set up first: POST /auth/login/enrol/start, then /confirm. */
  mfaEnrolRequired?: true;
  challenge: string;
}

export type LoginAnswer = LoginResult | MfaChallengeResult;

export const isChallenge = (a: LoginAnswer): a is MfaChallengeResult => 'challenge' in a;

const code = z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'at most 40 characters');
const challenge = z.string({ error: 'required' }).min(1, 'required').max(600, 'at most 600 characters');

/** POST /auth/login/code: a six-digit code or a recovery code. */
export const loginCodeSchema = z.strictObject({ challenge, code });
/** POST /auth/login/enrol/start */
export const enrolStartSchema = z.strictObject({ challenge });
/** POST /auth/login/enrol/confirm */
export const enrolConfirmSchema = z.strictObject({ challenge, code });
/** POST /auth/mfa/totp/confirm */
export const totpConfirmSchema = z.strictObject({ code });
/** POST /auth/reauth: the current password, or a code of a second factor (one of the two: the route checks). */
export const reauthSchema = z.strictObject({
  password: z.string().min(1, 'required').max(200, 'at most 200 characters').optional(),
  code: code.optional(),
});
export type ReauthInput = z.infer<typeof reauthSchema>;

/** A new authenticator app to add: the QR code (SVG) and the same secret as text. */
export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** GET /auth/mfa */
export interface MfaStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** LECTERN_MFA_REQUIRED asks this member to keep a second factor: removing the last one is refused. */
  required: boolean;
}

/** The recovery codes, in clear, shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** POST /auth/login/enrol/confirm: signed in, with the new recovery codes to show once. */
export type EnrolledLogin = LoginResult & RecoveryCodes;

/** A request the server refused with 40311 (Code.ReauthRequired): confirm it is you, then try again. */
export const REAUTH_WINDOW_MINUTES = 5;
