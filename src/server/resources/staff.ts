import type { Hono } from 'hono';
import type { Role } from '../../contract/auth';
import { type Staff, staffCreateSchema, staffPageSchema, staffUpdateSchema } from '../../contract/staff';
import { hashPassword } from '../auth/password';
import type { AppDeps, AppEnv } from '../context';
import { deleteStaffSessions } from '../db/repositories/sessions';
import { parseRoles, rolesText } from '../db/repositories/staff';
import { registerResource } from './define-resource';
import { contains, eq } from './filters';
import { guardAdminChange } from './staff-rules';
import type { Db } from './types';

// Lists the columns instead of selectAll so the password hash can never reach a response.
const select = (db: Db) =>
  db
    .selectFrom('staff')
    .select([
      'staff.id',
      'staff.user_name',
      'staff.phone',
      'staff.name',
      'staff.roles',
      'staff.status',
      'staff.avatar',
      'staff.introduction',
      'staff.version',
      'staff.created_at',
      'staff.updated_at',
    ]);
type StaffRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toStaff = (r: StaffRow): Staff => ({
  id: r.id,
  userName: r.user_name,
  phone: r.phone,
  name: r.name,
  roles: parseRoles(r.roles),
  status: r.status as Staff['status'],
  avatar: r.avatar,
  introduction: r.introduction,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** `/user`: staff accounts, the Administrators screen. Admin only (API.md §3). */
export function registerStaff(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'user',
    table: 'staff',
    roles: ['admin'],
    schemas: { create: staffCreateSchema, update: staffUpdateSchema, page: staffPageSchema },
    select,
    idColumn: 'staff.id',
    sortColumns: {
      id: 'staff.id',
      userName: 'staff.user_name',
      name: 'staff.name',
      phone: 'staff.phone',
      status: 'staff.status',
      createdAt: 'staff.created_at',
      updatedAt: 'staff.updated_at',
    },
    keywordColumns: ['staff.user_name', 'staff.name', 'staff.phone'],
    // Roles are stored as JSON text; '"admin"' with its quotes cannot match inside another role name.
    filters: (p) => [...eq('staff.status', p.status), ...contains('staff.roles', p.role && `"${p.role}"`)],
    toApi: toStaff,
    async toColumns(i) {
      const cols: Record<string, unknown> = {
        user_name: i.userName,
        phone: i.phone,
        name: i.name,
        roles: rolesText(i.roles as Role[]),
        status: i.status,
        avatar: i.avatar ?? null,
        introduction: i.introduction ?? null,
      };
      // Hashed before the transaction opens: scrypt is slow and the write lock should not wait on it.
      if (i.password !== undefined) cols.password_hash = await hashPassword(i.password);
      return cols;
    },
    unique: [
      { field: 'userName', column: 'user_name', message: (v) => `The account name "${String(v)}" is already taken` },
      { field: 'phone', column: 'phone', message: (v) => `The phone number ${String(v)} is already in use` },
    ],
    secretFields: ['password'],
    async check(input, { trx, user, before }) {
      if (!before) return;
      const target = {
        id: before.id,
        userName: before.user_name,
        roles: parseRoles(before.roles),
        status: before.status,
      };
      await guardAdminChange(trx, user.staffId, target, { roles: input.roles, status: input.status });
    },
    async beforeDelete({ trx, user, before }) {
      const target = {
        id: before.id,
        userName: before.user_name,
        roles: parseRoles(before.roles),
        status: before.status,
      };
      await guardAdminChange(trx, user.staffId, target, null);
    },
    async afterWrite(input, { trx, user, id, action }) {
      // A new password or a disabled account ends the member's sessions (but not the editor's own).
      if (action !== 'update' || !input) return;
      if (input.password !== undefined || input.status === 'disabled') {
        await deleteStaffSessions(trx, id, id === user.staffId ? user.tokenHash : undefined);
      }
    },
  });
}
