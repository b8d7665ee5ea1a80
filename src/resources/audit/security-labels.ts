import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SecurityEventKind } from '../../contract/security-events';

/** Each security event kind as staff read it (contract/security-events.ts names the kinds). */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, MessageDescriptor> = {
  // Its own message: "Signed in" is also the devices list's column (a time), translated as such.
  sign_in: msg({ message: 'Signed in', context: 'security event' }),
  sign_in_failed: msg`Sign-in failed`,
  lockout: msg`Sign-ins locked`,
  sign_out: msg`Signed out`,
  session_ended: msg`Session ended`,
  session_expired: msg`Session expired`,
  password_changed: msg`Password changed`,
  factor_enrolled: msg`Sign-in method added`,
  factor_removed: msg`Sign-in method removed`,
  recovery_code_used: msg`Recovery code used`,
  mfa_failed: msg`Wrong sign-in code`,
  factors_reset: msg`Two-step sign-in reset`,
};

/** What follows the kind: "Sign-in failed: wrong password". Unknown reasons show as stored. */
const REASON_LABELS: Record<string, MessageDescriptor> = {
  unknown_account: msg`unknown account`,
  wrong_password: msg`wrong password`,
  disabled: msg`account disabled`,
  locked: msg`locked`,
  must_change_password: msg`must change password`,
  account: msg`account`,
  address: msg`address`,
  device: msg`device`,
  password_check: msg`current password check`,
  by_member: msg`by the member`,
  password_reset: msg`password reset by an administrator`,
  password_changed: msg`password changed`,
  idle: msg`idle`,
  absolute: msg`time limit`,
  self: msg`by the member`,
  admin: msg`by an administrator`,
  passkey: msg`passkey`,
  unknown_passkey: msg`unknown passkey`,
  passkey_rejected: msg`passkey not accepted`,
  totp: msg`authenticator app`,
  recovery: msg`recovery code`,
  wrong_code: msg`wrong code`,
  cli: msg`from the command line`,
  factors_reset: msg`two-step sign-in reset`,
};

const isKind = (k: string): k is SecurityEventKind => Object.hasOwn(SECURITY_EVENT_LABELS, k);

/** "Sign-in failed: wrong password", "Signed in", in the user's language. */
export function securityEventLabel(kind: string, reason: string | null, i18n: I18n): string {
  const what = isKind(kind) ? i18n._(SECURITY_EVENT_LABELS[kind]) : kind;
  if (!reason) return what;
  const why = REASON_LABELS[reason];
  return `${what}: ${why ? i18n._(why) : reason}`;
}

/** A colour per kind: failures and lockouts stand out, successes are calm. */
export function securityEventColor(kind: string): string {
  if (kind === 'sign_in_failed' || kind === 'lockout' || kind === 'mfa_failed') return 'red';
  if (kind === 'sign_in') return 'green';
  return 'gray';
}
