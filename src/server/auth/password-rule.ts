import { Worker } from 'node:worker_threads';
import type { FieldReason } from '../../contract/field-codes';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordProblem,
  type PasswordStrength,
} from '../../contract/password-policy';
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

const TOO_LONG = `at most ${MAX_PASSWORD_LENGTH} characters`;

/**
 * The one password rule (contract/password-policy.ts) with the message for the broken part, or
 * undefined when the password is acceptable. `userInputs`: the member's user name, name and phone.
 * Longer than the rule allows is refused without rating it.
 */
export async function passwordProblemMessage(password: string, userInputs: readonly string[]) {
  if (password.length > MAX_PASSWORD_LENGTH) return TOO_LONG;
  const { problem } = await rateOffThread(password, userInputs);
  return problem ? MESSAGES[problem] : undefined;
}

/** 40000 on `field` when the password breaks the rule. */
export async function requireStrongPassword(field: string, password: string, userInputs: readonly string[]) {
  if (password.length > MAX_PASSWORD_LENGTH)
    throw invalidField(field, TOO_LONG, { code: 'max_length', params: { max: MAX_PASSWORD_LENGTH } });
  const { problem } = await rateOffThread(password, userInputs);
  if (problem) throw invalidField(field, MESSAGES[problem], REASONS[problem]);
}

/**
 * The estimator runs on a thread of its own: its worst 200-character passwords (long repeats,
 * digit runs that read as dates, l33t words) take 250 ms or more, and its dictionaries load on
 * first use; on the server's thread both would hold every other request meanwhile. One thread,
 * started on first use or by warmPasswordRater (main.ts, once listening), rates one password after
 * another; it does not keep the process alive.
 */
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (s: PasswordStrength) => void; reject: (e: Error) => void }>();

/** Starts the rating thread now (it loads the estimator's dictionaries as it starts). */
export function warmPasswordRater(): void {
  rater();
}

function rater(): Worker {
  if (worker) return worker;
  // Its entry loads tsx's loader itself: nothing of this process's options is passed on.
  const w = new Worker(new URL('./password-rating-worker.mjs', import.meta.url), { execArgv: [] });
  w.unref();
  w.on('message', (m: { id: number; strength?: PasswordStrength; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.strength) p?.resolve(m.strength);
    else p?.reject(new Error(`password rating failed: ${m.error}`));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`password rating thread exited (${code})`)));
  worker = w;
  return w;
}

function rateOffThread(password: string, userInputs: readonly string[]): Promise<PasswordStrength> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    rater().postMessage({ id, password, userInputs: [...userInputs] });
  });
}
