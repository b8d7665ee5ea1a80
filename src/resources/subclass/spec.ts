import { dayRange, defineSpec, refFilter } from '../../contract/resource-spec';

/** Category subclasses. */
export const subclassSpec = defineSpec({
  api: 'category/subclass',
  roles: 'everyone',
  menu: { screen: '/web/categorysubclass', icon: 'tree-table', order: 17 },
  sorts: ['id', 'name', 'sort', 'categoryId', 'createdAt', 'updatedAt'],
  filters: { categoryId: refFilter('sc.category_id'), updated: dayRange('sc', 'updated') },
});
