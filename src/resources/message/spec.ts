import { defineSpec } from '../../contract/resource-spec';
import { MESSAGE_SORTS, MESSAGE_STATUSES } from '../../contract/values';

/** Online messages from readers (API `online`). */
export const messageSpec = defineSpec({
  api: 'online',
  roles: 'everyone',
  menu: { icon: 'message', order: 22 },
  sorts: MESSAGE_SORTS,
  filters: {
    status: { kind: 'enum', values: MESSAGE_STATUSES, column: 'message.status' },
    created: { kind: 'dateRange', column: 'message.created_at', params: ['createdFrom', 'createdTo'] },
  },
});
