import { defineSpec } from '../../contract/resource-spec';
import { ONLINE_SORTS, ONLINE_STATUSES } from '../../contract/values';

/** Online messages from readers (API `online`). */
export const messageSpec = defineSpec({
  api: 'online',
  roles: 'everyone',
  menu: { icon: 'message', order: 22 },
  sorts: ONLINE_SORTS,
  filters: {
    status: { kind: 'enum', values: ONLINE_STATUSES, column: 'online_message.status' },
    created: { kind: 'dateRange', column: 'online_message.created_at', params: ['createdFrom', 'createdTo'] },
  },
});
