import { defineSpec } from '../../contract/resource-spec';
import { STAFF_SORTS } from '../../contract/values';

/**
 * Staff accounts, the Staff screen (API `user`). Admin only: this line is what the
 * console's guard, its menu and the server's role check all read.
 */
export const staffSpec = defineSpec({
  api: 'user',
  roles: ['admin'],
  menu: { icon: 'lock', order: 21 },
  sorts: STAFF_SORTS,
});
