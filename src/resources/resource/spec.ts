import { defineSpec } from '../../contract/resource-spec';

/** The `resource` resource: downloadable or linked reading material. */
export const RESOURCE_TYPES = ['ebook', 'audio', 'video', 'document', 'link'] as const;
export const RESOURCE_SORTS = ['id', 'title', 'type', 'createdAt', 'updatedAt'] as const;

/** Resources: downloadable files and links of the reading site. */
export const resourceSpec = defineSpec({
  api: 'resource',
  roles: 'everyone',
  menu: { screen: '/web/resource', icon: 'zip', order: 14 },
  sorts: RESOURCE_SORTS,
  filters: {
    type: { kind: 'enum', values: RESOURCE_TYPES, column: 'site_resource.type' },
    categoryId: { kind: 'ref', column: 'site_resource.category_id' },
    updated: { kind: 'dateRange', column: 'site_resource.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
