import { defineSpec } from '../../contract/resource-spec';

/** Book categories. */
export const categorySpec = defineSpec({
  api: 'category',
  roles: 'everyone',
  menu: { screen: '/web/category', icon: 'tree', order: 16 },
  sorts: ['id', 'name', 'sort', 'createdAt', 'updatedAt'],
});
