import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';

export const MESSAGE_STATUSES = ['unread', 'read', 'replied'] as const;

/**
 * A list that names no sort shows the newest message first, by when it was received: an inbox's
 * order. Ids need not follow that time (seeded or restored messages), so the id alone is not it.
 */
export const MESSAGE_DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;

/** Online messages from readers (API `online`). */
export const messageSpec = defineSpec({
  api: 'online',
  roles: 'everyone',
  menu: { screen: '/users/online', icon: 'message', order: 22 },
  sorts: ['id', 'readerName', 'status', 'createdAt', 'updatedAt'],
  filters: { status: enumFilter(MESSAGE_STATUSES, 'message.status'), created: dayRange('message', 'created') },
});
