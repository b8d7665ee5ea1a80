import { dayRange, defineSpec, refFilter } from '../../contract/resource-spec';

export const SUBCLASS_SORTS = ['id', 'name', 'sort', 'categoryId', 'createdAt', 'updatedAt'] as const;

/** Category subclasses. */
export const subclassSpec = defineSpec({
  api: 'category/subclass',
  roles: 'everyone',
  menu: { screen: '/web/categorysubclass', icon: 'tree-table', order: 17 },
  sorts: SUBCLASS_SORTS,
  filters: { categoryId: refFilter('sc.category_id'), updated: dayRange('sc', 'updated') },
});
