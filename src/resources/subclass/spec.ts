import { defineSpec } from '../../contract/resource-spec';
import { SUBCLASS_SORTS } from '../../contract/values';

/** Category subclasses. */
export const subclassSpec = defineSpec({
  api: 'category/subclass',
  roles: 'everyone',
  menu: { icon: 'tree-table', order: 17 },
  sorts: SUBCLASS_SORTS,
  filters: {
    categoryId: { kind: 'ref', column: 'sc.category_id' },
    updated: { kind: 'dateRange', column: 'sc.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
