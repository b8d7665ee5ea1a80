import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app reads them: SHA-1, 6 digits, 30
 * seconds; a 160-bit random secret (RFC 4226's recommended length, ASVS 6.5.3/6.5.4). A code of the
 * step before or after now is accepted too (a phone's clock a little off, a code typed as it
 * turns), and never a step at or before the last one accepted (ASVS 6.5.1: once only).
 */
export const TOTP_PERIOD_SECONDS = 30;
const WINDOW = 1;
const ISSUER = 'Lectern';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret, base32 (what the QR code carries and the member may type instead). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI of the QR code: issuer Lectern, the account's name as the label. */
export const totpUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The 30-second step a moment falls in. */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step `code` is valid for (now ±1), or null: not a code of this secret in the window, or one
 * of a step already used (`lastStep`).
 */
export function checkTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a step (tests and the CLI's self-check only: the server never shows a code). */
export const totpCode = (secret: string, now: Date): string => totpOf(secret).generate({ timestamp: now.getTime() });
