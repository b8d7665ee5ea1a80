import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The second step's words (second-step.ts, enrol-step.ts), by the English text its elements carry in
 * `data-i18n*`: added to the page's TEXTS when the step loads, so a language switch re-translates
 * them with the rest of the page.
 */
export const MFA_TEXTS: Record<string, MessageDescriptor> = {
  'Two-step sign-in': msg`Two-step sign-in`,
  'Enter the 6-digit code from your authenticator app.': msg`Enter the 6-digit code from your authenticator app.`,
  'Enter one of your recovery codes. Each works once.': msg`Enter one of your recovery codes. Each works once.`,
  Code: msg`Code`,
  'Recovery code': msg`Recovery code`,
  Verify: msg`Verify`,
  'Use a recovery code instead': msg`Use a recovery code instead`,
  'Use the authenticator app instead': msg`Use the authenticator app instead`,
  'Back to sign-in': msg`Back to sign-in`,
  'Set up two-step sign-in': msg`Set up two-step sign-in`,
  'Your account needs a second step at sign-in. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the 6-digit code it shows.': msg`Your account needs a second step at sign-in. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the 6-digit code it shows.`,
  'QR code for your authenticator app': msg`QR code for your authenticator app`,
  'Cannot scan it? Enter this key in the app:': msg`Cannot scan it? Enter this key in the app:`,
  Confirm: msg`Confirm`,
  'Save your recovery codes': msg`Save your recovery codes`,
  'If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe.': msg`If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe.`,
  Copy: msg`Copy`,
  Download: msg`Download`,
  'I have saved them: continue': msg`I have saved them: continue`,
};

export const wrongCode: MessageDescriptor = msg`That code is not right, or it was used already. Try the next one.`;
export const missingCode: MessageDescriptor = msg`Please enter the code`;
export const stepExpired: MessageDescriptor = msg`This step took too long or was used already: sign in again.`;
export const copied: MessageDescriptor = msg`Copied`;
