import { boolFilter, dayRange, defineSpec } from '../../contract/resource-spec';

/** Banners of the reading site's home page. */
export const bannerSpec = defineSpec({
  api: 'banner',
  roles: 'everyone',
  menu: { screen: '/web/banner', icon: 'star', order: 11 },
  sorts: ['id', 'title', 'sort', 'enabled', 'createdAt', 'updatedAt'],
  filters: { enabled: boolFilter('banner.enabled'), updated: dayRange('banner', 'updated') },
});
