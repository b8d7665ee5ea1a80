import { defineSpec } from '../../contract/resource-spec';

/** Staff accounts: the `/user` resource, the Staff screen (admin only, docs/api.md §3). */
export const STAFF_STATUSES = ['active', 'disabled'] as const;

/**
 * Staff accounts, the Staff screen (API `user`). Admin only: this line is what the
 * console's guard, its menu and the server's role check all read.
 */
export const staffSpec = defineSpec({
  api: 'user',
  roles: ['admin'],
  menu: { screen: '/users/adminuser', icon: 'lock', order: 21 },
  sorts: ['id', 'userName', 'name', 'phone', 'status', 'createdAt', 'updatedAt'],
});
