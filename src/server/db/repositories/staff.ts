import type { Kysely } from 'kysely';
import { ROLES, type Role } from '../../../contract/auth';
import type { Database, StaffRow } from '../schema';

export function parseRoles(text: string): Role[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value.filter((r) => (ROLES as readonly unknown[]).includes(r)) as Role[]) : [];
  } catch {
    return [];
  }
}

export const rolesText = (roles: readonly Role[]) => JSON.stringify([...roles]);

/** Sign-in accepts the account name or the phone number (docs/api.md §2: two tabs, one endpoint). */
export function findStaffByLogin(db: Kysely<Database>, login: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where((eb) => eb.or([eb('user_name', '=', login), eb('phone', '=', login)]))
    .orderBy('id')
    .executeTakeFirst();
}

/** Active admins other than `exceptId`: the guard for "the last active admin" rules. */
export async function countOtherActiveAdmins(db: Kysely<Database>, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'active')
    .where('roles', 'like', '%"admin"%')
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewStaff {
  userName: string;
  phone: string;
  name: string;
  roles: Role[];
  passwordHash: string;
  status?: 'active' | 'disabled';
  /** The first admin with a generated password must choose their own. */
  mustChangePassword?: boolean;
}

export async function insertStaff(db: Kysely<Database>, s: NewStaff, now: string): Promise<number> {
  const row = await db
    .insertInto('staff')
    .values({
      user_name: s.userName,
      phone: s.phone,
      name: s.name,
      roles: rolesText(s.roles),
      status: s.status ?? 'active',
      password_hash: s.passwordHash,
      must_change_password: s.mustChangePassword ? 1 : 0,
      avatar: null,
      introduction: null,
      version: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findStaffById(db: Kysely<Database>, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The member's own new password: clears must_change_password. Neither version nor updated_at
 * moves: the staff form's fields did not change, so an admin editing the record meanwhile does
 * not get a conflict for it.
 */
export async function setOwnPassword(db: Kysely<Database>, id: number, passwordHash: string) {
  await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, must_change_password: 0 })
    .where('id', '=', id)
    .execute();
}
