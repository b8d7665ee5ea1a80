import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';

export const MESSAGE_STATUSES = ['unread', 'read', 'replied'] as const;

/** Online messages from readers (API `online`). */
export const messageSpec = defineSpec({
  api: 'online',
  roles: 'everyone',
  menu: { screen: '/users/online', icon: 'message', order: 22 },
  sorts: ['id', 'readerName', 'status', 'createdAt', 'updatedAt'],
  filters: { status: enumFilter(MESSAGE_STATUSES, 'message.status'), created: dayRange('message', 'created') },
});
