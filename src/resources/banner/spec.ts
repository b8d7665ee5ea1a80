import { boolFilter, dayRange, defineSpec } from '../../contract/resource-spec';

export const BANNER_SORTS = ['id', 'title', 'sort', 'enabled', 'createdAt', 'updatedAt'] as const;

/** Banners of the reading site's home page. */
export const bannerSpec = defineSpec({
  api: 'banner',
  roles: 'everyone',
  menu: { screen: '/web/banner', icon: 'star', order: 11 },
  sorts: BANNER_SORTS,
  filters: { enabled: boolFilter('banner.enabled'), updated: dayRange('banner', 'updated') },
});
