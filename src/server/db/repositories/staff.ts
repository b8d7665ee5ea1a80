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

/** Sign-in accepts the account name or the phone number (API.md §2: two tabs, one endpoint). */
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
