import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/auth';
import type { AppConfig } from '../context';
import type { Database } from '../db/schema';
import { countPasskeys } from './passkeys/store';
import { hashPassword, verifyPassword } from './password';
import { checkTotp, newTotpSecret } from './totp';

/**
 * A member's second factors (docs/accounts.md, "Two-step sign-in"): an authenticator app (TOTP) and
 * its ten recovery codes. Passkeys count as a second factor too (added beside TOTP where
 * `hasSecondFactor` counts).
 */

export type MfaPolicy = 'admin' | 'all' | 'none';
export const MFA_POLICIES: readonly MfaPolicy[] = ['admin', 'all', 'none'];

/** Whether LECTERN_MFA_REQUIRED makes a member of these roles enrol a second factor (default: admins). */
export function mustEnrol(config: Pick<AppConfig, 'mfaRequired'>, roles: readonly Role[]): boolean {
  const policy = config.mfaRequired ?? 'admin';
  return policy === 'all' || (policy === 'admin' && roles.includes('admin'));
}

/** A confirmed second factor: what turns a password sign-in into a challenge. */
export async function hasSecondFactor(db: Kysely<Database>, staffId: number): Promise<boolean> {
  return (await hasTotp(db, staffId)) || (await countPasskeys(db, staffId)) > 0;
}

/** Whether the member has a confirmed authenticator app (the code step's factor). */
export async function hasTotp(db: Kysely<Database>, staffId: number): Promise<boolean> {
  const row = await db
    .selectFrom('staff_totp')
    .select('staff_id')
    .where('staff_id', '=', staffId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface FactorStatus {
  totp: boolean;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
}

export async function factorStatus(db: Kysely<Database>, staffId: number): Promise<FactorStatus> {
  const [totp, codes] = await Promise.all([
    hasSecondFactor(db, staffId),
    db
      .selectFrom('staff_recovery_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return { totp, recoveryCodesLeft: Number(codes?.n ?? 0) };
}

/**
 * A new unconfirmed secret for the member (replacing an earlier unconfirmed one); undefined when a
 * confirmed one exists (remove it first).
 */
export async function startTotp(db: Kysely<Database>, staffId: number, now: Date): Promise<string | undefined> {
  const secret = newTotpSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff_totp')
      .select('confirmed_at')
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    if (row?.confirmed_at) return undefined;
    await trx.deleteFrom('staff_totp').where('staff_id', '=', staffId).execute();
    await trx
      .insertInto('staff_totp')
      .values({ staff_id: staffId, secret, last_step: null, created_at: now.toISOString(), confirmed_at: null })
      .execute();
    return secret;
  });
}

/** The unconfirmed secret, if an enrolment is under way. */
export async function pendingTotpSecret(db: Kysely<Database>, staffId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_totp')
    .select('secret')
    .where('staff_id', '=', staffId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return row?.secret;
}

/**
 * Confirms the enrolment with a first code and gives the member new recovery codes (returned in
 * clear, once). False: no enrolment under way, or the code is wrong.
 */
export async function confirmTotp(
  db: Kysely<Database>,
  staffId: number,
  code: string,
  now: Date,
): Promise<string[] | false> {
  const secret = await pendingTotpSecret(db, staffId);
  if (!secret) return false;
  const step = checkTotp(secret, code.trim(), now, null);
  if (step === null) return false;
  const codes = await hashedRecoveryCodes();
  const confirmed = await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('staff_totp')
      .set({ confirmed_at: now.toISOString(), last_step: step })
      .where('staff_id', '=', staffId)
      .where('secret', '=', secret)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await storeRecoveryCodes(trx, staffId, codes.hashes, now);
    return true;
  });
  return confirmed ? codes.plain : false;
}

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without look-alikes: 10 characters, 50 bits, shown as XXXXX-XXXXX. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** As typed: any case, spaces and dashes ignored, O/I/L read as 0/1/1. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

async function hashedRecoveryCodes(): Promise<{ plain: string[]; hashes: string[] }> {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(plain.map((c) => hashPassword(normalizeRecoveryCode(c))));
  return { plain, hashes };
}

async function storeRecoveryCodes(trx: Kysely<Database>, staffId: number, hashes: string[], now: Date) {
  await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
  await trx
    .insertInto('staff_recovery_code')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: now.toISOString(), used_at: null })))
    .execute();
}

/** New recovery codes in place of the old ones (all of them, used or not); returned in clear, once. */
export async function regenerateRecoveryCodes(db: Kysely<Database>, staffId: number, now: Date): Promise<string[]> {
  // Hashed before the transaction: scrypt is slow and the write lock should not wait on it.
  const codes = await hashedRecoveryCodes();
  await db.transaction().execute((trx) => storeRecoveryCodes(trx, staffId, codes.hashes, now));
  return codes.plain;
}

/** The same inside a transaction of the caller's (the demo seed). */
export async function replaceRecoveryCodes(trx: Kysely<Database>, staffId: number, now: Date): Promise<string[]> {
  const codes = await hashedRecoveryCodes();
  await storeRecoveryCodes(trx, staffId, codes.hashes, now);
  return codes.plain;
}

/**
 * Checks a sign-in code: six digits against the authenticator app (the step is then used up,
 * atomically, so two requests with one code cannot both pass), anything else against the unused
 * recovery codes (the one that matches is then used up). Which one passed, or null.
 */
export async function spendFactorCode(
  db: Kysely<Database>,
  staffId: number,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    const row = await db
      .selectFrom('staff_totp')
      .select(['secret', 'last_step'])
      .where('staff_id', '=', staffId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (!row) return null;
    const step = checkTotp(row.secret, typed, now, row.last_step);
    if (step === null) return null;
    const res = await db
      .updateTable('staff_totp')
      .set({ last_step: step })
      .where('staff_id', '=', staffId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'totp' : null;
  }
  const normalized = normalizeRecoveryCode(typed);
  if (!/^[0-9A-Z]{10}$/.test(normalized)) return null;
  const rows = await db
    .selectFrom('staff_recovery_code')
    .select(['id', 'code_hash'])
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
  for (const row of rows) {
    if (!(await verifyPassword(normalized, row.code_hash))) continue;
    const res = await db
      .updateTable('staff_recovery_code')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'recovery' : null;
  }
  return null;
}

/** Removes the authenticator app and the recovery codes; whether there was a factor. */
export async function removeFactors(db: Kysely<Database>, staffId: number): Promise<boolean> {
  const had = await hasTotp(db, staffId);
  await db.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
  await db.deleteFrom('staff_totp').where('staff_id', '=', staffId).execute();
  return had;
}

/** What a challenge is bound to: it is void once a code of the member has been used since. */
export async function factorStamp(db: Kysely<Database>, staffId: number): Promise<string> {
  const [totp, used] = await Promise.all([
    db
      .selectFrom('staff_totp')
      .select(['last_step', 'confirmed_at'])
      .where('staff_id', '=', staffId)
      .executeTakeFirst(),
    db
      .selectFrom('staff_recovery_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staff_id', '=', staffId)
      .where('used_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  return `${totp?.confirmed_at ?? ''}:${totp?.last_step ?? ''}:${Number(used?.n ?? 0)}`;
}
