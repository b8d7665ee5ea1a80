import { defineSpec } from '../../contract/resource-spec';

export const SUBCLASS_SORTS = ['id', 'name', 'sort', 'categoryId', 'createdAt', 'updatedAt'] as const;

/** Category subclasses. */
export const subclassSpec = defineSpec({
  api: 'category/subclass',
  roles: 'everyone',
  menu: { screen: '/web/categorysubclass', icon: 'tree-table', order: 17 },
  sorts: SUBCLASS_SORTS,
  filters: {
    categoryId: { kind: 'ref', column: 'sc.category_id' },
    updated: { kind: 'dateRange', column: 'sc.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
