import { defineSpec } from '../../contract/resource-spec';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** The audit log, read only. Admin only: the guard, the menu and the server read this line. */
export const auditSpec = defineSpec({
  api: 'audit',
  roles: ['admin'],
  menu: { screen: '/users/audit', icon: 'table', order: 25 },
  sorts: ['at', 'id'],
  // The other audit filters (actor, action, resource) are written by hand in its schema and server.
  filters: { at: { kind: 'dateRange', column: 'audit_log.at', params: ['from', 'to'] } },
});
