import { defineSpec } from '../../contract/resource-spec';
import { AUDIT_SORTS } from '../../contract/values';

/** The audit log, read only. Admin only: the guard, the menu and the server read this line. */
export const auditSpec = defineSpec({
  api: 'audit',
  roles: ['admin'],
  menu: { icon: 'table', order: 25 },
  sorts: AUDIT_SORTS,
  // The other audit filters (actor, action, resource) are written by hand in its schema and server.
  filters: { at: { kind: 'dateRange', column: 'audit_log.at', params: ['from', 'to'] } },
});
