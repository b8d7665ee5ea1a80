import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { MIN_PASSWORD_LENGTH, ratePassword } from '../../contract/password-policy';
import { type PasswordRating, passwordLength } from './model';

/** Rating waits for a pause in typing: each keystroke would otherwise re-announce the meter. */
const RATE_DELAY_MS = 250;

/**
 * Rates the password shortly after typing pauses, with and without the member's own words; the
 * estimator's dictionaries load on first use (the page preloads them when it opens).
 */
export function usePasswordRating(
  password: string,
  userWords: readonly string[],
): { rating?: PasswordRating; unavailable: boolean } {
  const [settled] = useDebouncedValue(password, RATE_DELAY_MS);
  const [rating, setRating] = useState<PasswordRating>();
  // The estimator could not be loaded (offline before it was cached): the server still checks.
  const [unavailable, setUnavailable] = useState(false);
  const words = userWords.join('\n');

  useEffect(() => {
    if (passwordLength(settled) < MIN_PASSWORD_LENGTH) return;
    let current = true;
    const inputs = words ? words.split('\n') : [];
    Promise.all([ratePassword(settled), ratePassword(settled, inputs)]).then(
      ([general, personal]) => {
        // A slower rating of an earlier password must not overwrite a newer one.
        if (current) setRating({ password: settled, general, personal });
      },
      () => {
        if (current) setUnavailable(true);
      },
    );
    return () => {
      current = false;
    };
  }, [settled, words]);

  return { rating, unavailable };
}
