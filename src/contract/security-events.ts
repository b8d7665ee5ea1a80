/**
 * Security events (ASVS 16.3.1): sign-ins and what ends or changes a member's access, written to
 * the audit trail beside the record changes, under the pseudo-noun `security`. An event's kind is
 * the row's `action`; the account it concerns is the row's record (id 0 when the name matched no
 * account); `reason` classes the event. Names are verb-free nouns of the event so the factors to
 * come (TOTP, passkeys, recovery codes) add kinds without renaming any (docs/accounts.md).
 */
export const SECURITY_RESOURCE = 'security';

export const SECURITY_EVENT_KINDS = [
  /** A session was created; reason `must_change_password` when the member must first change it. */
  'sign_in',
  /** Refused; reason: one of SIGN_IN_FAILURE_REASONS. Never the password. */
  'sign_in_failed',
  /** A sign-in limit key locked; reason: which key (account, address, device, password_check). */
  'lockout',
  /** The member signed out (this session). */
  'sign_out',
  /** Sessions ended by someone: reason by_member (sessions list), disabled, password_reset, password_changed. */
  'session_ended',
  /** A request met an ended session: reason idle or absolute. */
  'session_expired',
  /** The account's password changed: reason self (PUT /auth/password) or admin (Staff screen). */
  'password_changed',
  /** A second factor was added: reason totp or passkey. */
  'factor_enrolled',
  /** A second factor was removed by the member: reason totp or passkey. */
  'factor_removed',
  /** A recovery code was used (to sign in, or to confirm it is the member). */
  'recovery_code_used',
  /** A wrong second-step code (sign-in, enrolment or confirmation): reason wrong_code or locked. */
  'mfa_failed',
  /** An administrator (reason admin) or the command line (cli) removed all of a member's factors. */
  'factors_reset',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Why a sign-in was refused; must-change-password is a success, not one of these. */
export const SIGN_IN_FAILURE_REASONS = [
  'unknown_account',
  'wrong_password',
  'disabled',
  'locked',
  /** A passkey this site does not know (removed, or never registered here). */
  'unknown_passkey',
  /** A known passkey's answer failed the checks (signature, origin, challenge, user verification, counter). */
  'passkey_rejected',
] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

/** The kinds the account page lists as the member's recent sign-ins. */
export const SIGN_IN_KINDS: readonly SecurityEventKind[] = ['sign_in', 'sign_in_failed', 'mfa_failed'];

/** GET /auth/sign-ins: one of the member's own recent sign-ins (successes and failures on the account). */
export interface SignInEvent {
  id: number;
  at: string;
  kind: SecurityEventKind;
  reason: string | null;
  address: string | null;
  userAgent: string | null;
}
