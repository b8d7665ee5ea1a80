import type { Role } from '../../../contract/auth';
import type { Db } from '../../../server/crud/types';
import { countOtherActiveAdmins } from '../../../server/db/repositories/staff';
import { refused } from '../../../server/http/errors';

interface AdminState {
  roles: readonly Role[];
  status: string;
}

const isActiveAdmin = (s: AdminState | null) => !!s && s.status === 'active' && s.roles.includes('admin');

/**
 * docs/api.md §3: an admin cannot delete or demote their own account, and the last active admin cannot
 * be removed. `next` is null for a delete. Runs inside the write's transaction.
 */
export async function guardAdminChange(
  trx: Db,
  actorId: number,
  target: AdminState & { id: number; userName: string },
  next: AdminState | null,
) {
  if (target.id === actorId) {
    if (!next) throw refused({ code: 'own_account_delete' }, 'You cannot delete your own account');
    if (isActiveAdmin(target) && !isActiveAdmin(next)) {
      throw refused(
        { code: 'own_account_demote' },
        'You cannot remove the admin role from your own account or disable it',
      );
    }
  }
  // Unreachable through one admin's requests given the rule above; it guards concurrent demotions.
  if (isActiveAdmin(target) && !isActiveAdmin(next) && (await countOtherActiveAdmins(trx, target.id)) === 0) {
    throw refused(
      { code: 'last_admin', params: { name: target.userName } },
      `"${target.userName}" is the last active administrator; make another account an administrator first`,
    );
  }
}
