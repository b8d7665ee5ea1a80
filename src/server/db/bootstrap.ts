import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password';
import { uniqueViolation } from './dialect';
import { countStaff, findStaffByLogin, insertStaff } from './repositories/staff';
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

/**
 * Where a generated first password is kept (in LECTERN_DATA) until it is changed: printed once, it
 * scrolled away under the request log, so like Jenkins' initialAdminPassword it stays findable in a
 * file only the server's user can read.
 */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export const initialPasswordPath = (dataDir: string) => join(dataDir, INITIAL_PASSWORD_FILE);

/** Writes the generated password to its file, readable and writable by the owner only (0600); its path. */
export async function keepInitialPassword(dataDir: string, password: string): Promise<string> {
  const path = initialPasswordPath(dataDir);
  await mkdir(dataDir, { recursive: true });
  // A file left from an earlier database is replaced; its mode too (`mode` applies only on creation).
  await rm(path, { force: true });
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  return path;
}

async function readInitialPassword(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(initialPasswordPath(dataDir), 'utf8')).trim();
  } catch {
    return null;
  }
}

/**
 * After a successful change of `oldPassword`: the file goes when it held that password, the first
 * one, so it no longer tells anyone anything (nor a stale password to a newcomer).
 */
export async function forgetInitialPassword(dataDir: string, oldPassword: string): Promise<boolean> {
  const kept = await readInitialPassword(dataDir);
  if (kept === null || kept.normalize('NFKC') !== oldPassword.normalize('NFKC')) return false;
  await rm(initialPasswordPath(dataDir), { force: true });
  return true;
}

/**
 * At a later start: the file's path while it still holds the first admin's current password (so
 * the start can say where it is), else null, the file removed (changed on another instance, or
 * reset by an administrator).
 */
export async function checkInitialPassword(db: Kysely<Database>, dataDir: string): Promise<string | null> {
  const kept = await readInitialPassword(dataDir);
  if (kept === null) return null;
  const admin = await findStaffByLogin(db, FIRST_ADMIN.userName);
  if (admin && (await verifyPassword(kept, admin.password_hash))) return initialPasswordPath(dataDir);
  await rm(initialPasswordPath(dataDir), { force: true });
  return null;
}
