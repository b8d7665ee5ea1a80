import type { FieldReason } from '../../contract/field-codes';
import { MIN_PASSWORD_LENGTH, type PasswordProblem, ratePassword } from '../../contract/password-policy';
import { invalidField } from '../http/errors';

/** What each broken rule says under the field (the console translates by the same rule client-side). */
const MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `at least ${MIN_PASSWORD_LENGTH} characters`,
  tooCommon: 'too common: it appears in lists of breached passwords',
  tooWeak: 'too easy to guess',
};
const REASONS: Record<PasswordProblem, FieldReason> = {
  tooShort: { code: 'min_length', params: { min: MIN_PASSWORD_LENGTH } },
  tooCommon: { code: 'password_common' },
  tooWeak: { code: 'password_weak' },
};

/**
 * The one password rule (contract/password-policy.ts) with the message for the broken part, or
 * undefined when the password is acceptable. `userInputs`: the member's user name, name and phone.
 */
export async function passwordProblemMessage(password: string, userInputs: readonly string[]) {
  const { problem } = await ratePassword(password, [...userInputs]);
  return problem ? MESSAGES[problem] : undefined;
}

/** 40000 on `field` when the password breaks the rule. */
export async function requireStrongPassword(field: string, password: string, userInputs: readonly string[]) {
  const { problem } = await ratePassword(password, [...userInputs]);
  if (problem) throw invalidField(field, MESSAGES[problem], REASONS[problem]);
}
