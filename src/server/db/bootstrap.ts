import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../auth/password';
import { uniqueViolation } from './dialect';
import { countStaff, insertStaff } from './repositories/staff';
import type { Database } from './schema';

export interface BootstrapResult {
  created: boolean;
  /** Set only when we generated it: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * First start: an empty staff table gets the `admin` account. Keyed on "no staff at all", so later
 * starts never touch accounts, even if admin was renamed or its password changed.
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
      { userName: 'admin', phone: '13800000000', name: 'Administrator', roles: ['admin'], passwordHash },
      now.toISOString(),
    );
  } catch (err) {
    // Another instance won the race (issue 7); its admin stands.
    if (uniqueViolation(err)) return { created: false };
    throw err;
  }
  return { created: true, generatedPassword: generated };
}
