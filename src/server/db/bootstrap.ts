import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../auth/password';
import { uniqueViolation } from './dialect';
import { countStaff, insertStaff } from './repositories/staff';
import type { Database } from './schema';

/** The first admin's account; its names are also words its password must not lean on. */
export const FIRST_ADMIN = { userName: 'admin', name: 'Administrator', phone: '13800000000' } as const;

export interface BootstrapResult {
  created: boolean;
  /** Set only when we generated it: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * First start: an empty staff table gets the `admin` account. Keyed on "no staff at all", so later
 * starts never touch accounts, even if admin was renamed or its password changed. A generated
 * password was printed to a log: its owner must replace it at the first sign-in. One given in
 * LECTERN_ADMIN_PASSWORD was chosen by the operator (and meets the rule: config.ts), so it stands.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  password: string | undefined,
  now: Date,
): Promise<BootstrapResult> {
  if ((await countStaff(db)) > 0) return { created: false };
  const generated = password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(password ?? (generated as string));
  try {
    await insertStaff(
      db,
      { ...FIRST_ADMIN, roles: ['admin'], passwordHash, mustChangePassword: generated !== undefined },
      now.toISOString(),
    );
  } catch (err) {
    // Another instance won the race; its admin stands.
    if (uniqueViolation(err)) return { created: false };
    throw err;
  }
  return { created: true, generatedPassword: generated };
}
