import { defineSpec } from '../../contract/resource-spec';
import { BANNER_SORTS } from '../../contract/values';

/** Banners of the reading site's home page. */
export const bannerSpec = defineSpec({
  api: 'banner',
  roles: 'everyone',
  menu: { icon: 'star', order: 11 },
  sorts: BANNER_SORTS,
  filters: {
    enabled: { kind: 'bool', column: 'banner.enabled' },
    updated: { kind: 'dateRange', column: 'banner.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
