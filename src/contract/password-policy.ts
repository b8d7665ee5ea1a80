/**
 * The one password rule, shared by the server (the authority) and the change-password page's
 * strength meter: at least 12 characters, and not guessable by zxcvbn-ts (common breached
 * passwords, keyboard walks, repeats, dates, the member's own names). The dictionaries are about
 * 200 KiB gzip, so they are imported on first use, never at start-up.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const MIN_PASSWORD_LENGTH = 12;
/** The longest password the rule allows (UTF-16 units, as the forms' schemas count). */
export const MAX_PASSWORD_LENGTH = 200;
/** zxcvbn's score from 0 to 4; 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordProblem = 'tooShort' | 'tooCommon' | 'tooWeak';

export interface PasswordStrength {
  /** 0-4 (zxcvbn); 0 below the minimum length. */
  score: number;
  /** undefined when the password is acceptable. */
  problem?: PasswordProblem;
}

let factory: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        // The estimator never reads past what the rule allows (its own default is 256).
        maxLength: MAX_PASSWORD_LENGTH,
      }),
  );
  return factory;
}

/** Starts loading the estimator (e.g. when the page that needs it opens). */
export function preloadPasswordPolicy(): void {
  void load();
}

/**
 * Rates a candidate password. `userInputs` are words the member's own account gives away (user
 * name, name, phone): a password built from them is weak for that member. Only the first
 * MAX_PASSWORD_LENGTH characters are rated: a longer one breaks the rule by its length, which the
 * caller checks (the forms' schemas, the server's password-rule.ts).
 */
export async function ratePassword(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  if (password.length > MAX_PASSWORD_LENGTH) password = password.slice(0, MAX_PASSWORD_LENGTH);
  // Length counts characters as people see them, not UTF-16 units.
  if ([...password].length < MIN_PASSWORD_LENGTH) return { score: 0, problem: 'tooShort' };
  const zxcvbn = await load();
  const result = zxcvbn.check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score };
  // A match in the breached-password list covering most of it says more than a generic "weak".
  const common = result.sequence.some(
    (m) =>
      m.pattern === 'dictionary' &&
      String(m.dictionaryName).startsWith('passwords') &&
      m.token.length * 2 >= password.length,
  );
  return { score: result.score, problem: common ? 'tooCommon' : 'tooWeak' };
}
