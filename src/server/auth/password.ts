import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost
 * can be raised later while old hashes still verify.
 */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128*N*r bytes; allow headroom above Node's 32 MiB default for higher N.
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let verifications = 0;
/**
 * Password checks this process has started (scrypt runs, dummy ones included): what the guess
 * limits bound, so tests can count the checks a burst of guesses really caused.
 */
export const passwordVerifications = () => verifications;

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  verifications++;
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (!n || !r || !p || n > 1 << 20) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await derive(password, salt, { N: n, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash to verify against when the account does not exist, so "no such user" costs the same
 * scrypt time as "wrong password" and timing does not reveal account names.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/** A strong generated password for the first admin (printed once). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
