import { defineSpec } from '../../contract/resource-spec';

export const CATEGORY_SORTS = ['id', 'name', 'sort', 'createdAt', 'updatedAt'] as const;

/** Book categories. */
export const categorySpec = defineSpec({
  api: 'category',
  roles: 'everyone',
  menu: { screen: '/web/category', icon: 'tree', order: 16 },
  sorts: CATEGORY_SORTS,
});
