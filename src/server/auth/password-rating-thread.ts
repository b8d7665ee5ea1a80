import { parentPort } from 'node:worker_threads';
import { preloadPasswordPolicy, ratePassword } from '../../contract/password-policy';

/**
 * The password estimator's thread (password-rule.ts starts it, password-rating-worker.mjs loads
 * this): zxcvbn takes a quarter of a second on the worst passwords the rule allows, which on the
 * server's own thread would hold every request.
 */
// Loaded as the thread starts (password-rule.ts warms it when the server is up), not in the first
// request's time.
preloadPasswordPolicy();

interface Request {
  id: number;
  password: string;
  userInputs: string[];
}

parentPort?.on('message', ({ id, password, userInputs }: Request) => {
  ratePassword(password, userInputs).then(
    (strength) => parentPort?.postMessage({ id, strength }),
    (err: unknown) => parentPort?.postMessage({ id, error: String(err) }),
  );
});
