import { defineSpec } from '../../contract/resource-spec';
import { RESOURCE_SORTS, RESOURCE_TYPES } from '../../contract/values';

/** Resources: downloadable files and links of the reading site. */
export const resourceSpec = defineSpec({
  api: 'resource',
  roles: 'everyone',
  menu: { icon: 'zip', order: 14 },
  sorts: RESOURCE_SORTS,
  filters: {
    type: { kind: 'enum', values: RESOURCE_TYPES, column: 'site_resource.type' },
    categoryId: { kind: 'ref', column: 'site_resource.category_id' },
    updated: { kind: 'dateRange', column: 'site_resource.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
