import { dayRange, defineSpec, enumFilter, refFilter } from '../../contract/resource-spec';

/** The `resource` resource: downloadable or linked reading material. */
export const RESOURCE_TYPES = ['ebook', 'audio', 'video', 'document', 'link'] as const;

/** Resources: downloadable files and links of the reading site. */
export const resourceSpec = defineSpec({
  api: 'resource',
  roles: 'everyone',
  menu: { screen: '/web/resource', icon: 'zip', order: 14 },
  sorts: ['id', 'title', 'type', 'createdAt', 'updatedAt'],
  filters: {
    type: enumFilter(RESOURCE_TYPES, 'site_resource.type'),
    categoryId: refFilter('site_resource.category_id'),
    updated: dayRange('site_resource', 'updated'),
  },
});
