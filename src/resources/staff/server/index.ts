import { hashPassword } from '../../../server/auth/password';
import { requireStrongPassword } from '../../../server/auth/password-rule';
import { writeSecurityEvents } from '../../../server/auth/security-events';
import { reauthRequired, recentlyAuthenticated } from '../../../server/auth/step-up';
import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { contains, eq } from '../../../server/crud/filters';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { deleteStaffSessions } from '../../../server/db/repositories/sessions';
import { parseRoles, rolesText } from '../../../server/db/repositories/staff';
import { invalidField } from '../../../server/http/errors';
import type { NounServer } from '../../../server/http/noun';
import type { Services } from '../../../server/services';
import { type Staff, staffCreateSchema, staffPageSchema, staffUpdateSchema } from '../schema';
import { staffSpec } from '../spec';
import { mfaResetRoute } from './mfa-reset';
import { guardAdminChange } from './rules';
import { staffSeed } from './seed';

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

const columns = columnMap<Staff>()(select, ['userName', 'phone', 'name', 'roles', 'status', 'avatar', 'introduction'], {
  roles: { column: 'roles', read: parseRoles, write: rolesText },
});

/** `/user`: staff accounts, the Staff screen. Admin only (docs/api.md §3). */
export function staffServer(services: Services): DefinedResource & NounServer {
  const defined = defineResource(services, {
    ...fromSpec('staff', staffSpec, 'staff'),
    schemas: { create: staffCreateSchema, update: staffUpdateSchema, page: staffPageSchema },
    keywordColumns: ['staff.user_name', 'staff.name', 'staff.phone'],
    // Roles are stored as JSON text; '"admin"' with its quotes cannot match inside another role name.
    filters: (p) => [...eq('staff.status', p.status), ...contains('staff.roles', p.role && `"${p.role}"`)],
    ...columns,
    async toColumns(i, { user, target }) {
      const cols = columns.toColumns(i);
      if (i.password !== undefined) {
        // Your own password only with the current one (PUT /auth/password): a stolen or
        // unattended admin session must not be enough to take the account over.
        if (target === user.staffId)
          throw invalidField('password', 'change your own password on the Change password page', {
            code: 'own_password',
          });
        await requireStrongPassword('password', i.password, [i.userName, i.name, i.phone]);
        // Hashed before the transaction opens: scrypt is slow and the write lock should not wait on it.
        cols.password_hash = await hashPassword(i.password);
        // Someone else now knows it: the member chooses their own at the next sign-in.
        cols.must_change_password = 1;
      }
      return cols;
    },
    unique: [
      { field: 'userName', column: 'user_name', message: (v) => `The account name "${String(v)}" is already taken` },
      { field: 'phone', column: 'phone', message: (v) => `The phone number ${String(v)} is already in use` },
    ],
    secretFields: ['password'],
    async check(input, { trx, user, before }) {
      if (!before) return;
      // One's own sign-in name or phone (the identifiers a sign-in takes) only in a recent session (ASVS 7.5.1).
      const identifierChange =
        (input.userName !== undefined && input.userName !== before.user_name) ||
        (input.phone !== undefined && input.phone !== before.phone);
      if (
        before.id === user.staffId &&
        identifierChange &&
        !(await recentlyAuthenticated(trx, user.tokenHash, services.now()))
      )
        throw reauthRequired();
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
    async afterWrite(input, { trx, id, action, user, before }) {
      // A password set by an admin or a disabled account ends every session of the member (never
      // the editor's own: neither can be done to your own account).
      if (action !== 'update' || !input || !before) return;
      const reset = input.password !== undefined;
      const disabled = input.status === 'disabled';
      if (!reset && !disabled) return;
      const ended = await deleteStaffSessions(trx, id);
      // The trail's security events (ASVS 16.3.1), committed with the change itself.
      const base = {
        account: { id, userName: input.userName ?? before.user_name },
        actor: { id: user.staffId, userName: user.userName },
      };
      await writeSecurityEvents(trx, services, [
        ...(reset ? [{ ...base, kind: 'password_changed' as const, reason: 'admin' }] : []),
        ...(ended > 0
          ? [
              {
                ...base,
                kind: 'session_ended' as const,
                reason: disabled ? 'disabled' : 'password_reset',
                changes: { sessions: { from: ended, to: 0 } },
              },
            ]
          : []),
      ]);
    },
  });
  mfaResetRoute(services, defined.app);
  return { ...defined, seed: staffSeed };
}
