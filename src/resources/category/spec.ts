import { defineSpec } from '../../contract/resource-spec';
import { CATEGORY_SORTS } from '../../contract/values';

/** Book categories. */
export const categorySpec = defineSpec({
  api: 'category',
  roles: 'everyone',
  menu: { icon: 'tree', order: 16 },
  sorts: CATEGORY_SORTS,
});
