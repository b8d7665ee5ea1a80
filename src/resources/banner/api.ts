import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { Banner } from './schema';
import { bannerSpec } from './spec';

/** `/banner`: page, create, update, delete (docs/api.md §4). Keys: ['banner', 'page', body]. */
export const bannerApi = resourceApiOf<Banner>('banner', bannerSpec);

export const bannersQuery = (search: Partial<ListSearch>) => bannerApi.pageQuery(search);
