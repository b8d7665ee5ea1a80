import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, type PasswordStrength } from '../../contract/password-policy';

/**
 * The change-password page's rule list, as a pure function of what is known so far: the length is
 * known at once, the rest once the estimator (loaded on first use) has rated the password.
 */
export type PasswordRule = 'length' | 'common' | 'guess' | 'personal';
export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'common', 'guess', 'personal'];

/** idle: nothing typed, or too short to rate; checking: being rated. */
export type RuleState = 'idle' | 'checking' | 'met' | 'unmet';

/** Two ratings of one password: on its own, and with the member's own names as known words. */
export interface PasswordRating {
  password: string;
  general: PasswordStrength;
  personal: PasswordStrength;
}

export interface PasswordVerdict {
  rules: Record<PasswordRule, RuleState>;
  /** 0-4 once rated (0 below the minimum length); undefined while unknown. */
  score?: number;
  /** Meets the rule as far as the console can tell (the server has the last word). */
  acceptable: boolean;
}

/** Characters as people count them (the policy's own count), not UTF-16 units. */
export const passwordLength = (password: string): number => [...password].length;

/** `rating` is used only if it was made for this very password (typing moves on meanwhile). */
export function judgePassword(password: string, rating: PasswordRating | undefined): PasswordVerdict {
  if (password === '') {
    return { rules: { length: 'idle', common: 'idle', guess: 'idle', personal: 'idle' }, acceptable: false };
  }
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) {
    return { rules: { length: 'unmet', common: 'idle', guess: 'idle', personal: 'idle' }, score: 0, acceptable: false };
  }
  if (rating?.password !== password) {
    return {
      rules: { length: 'met', common: 'checking', guess: 'checking', personal: 'checking' },
      acceptable: false,
    };
  }
  const { general, personal } = rating;
  return {
    rules: {
      length: 'met',
      common: general.problem === 'tooCommon' ? 'unmet' : 'met',
      // A common password is easy to guess too.
      guess: general.problem ? 'unmet' : 'met',
      // The member's names made it weaker than it is on its own: it is built from them.
      personal: personal.score < general.score ? 'unmet' : 'met',
    },
    score: personal.score,
    acceptable: !personal.problem && personal.score >= MIN_PASSWORD_SCORE,
  };
}

/**
 * Words the member's own account gives away (the server also uses the account name and phone).
 * Whole values and each word of the name: "Olivia Operator" → olivia, operator.
 */
export function personalWords(values: readonly string[]): string[] {
  const words = values.flatMap((v) => [v, ...v.split(/[\s._@-]+/)]).map((w) => w.trim());
  return [...new Set(words.filter((w) => w.length >= 3))];
}
