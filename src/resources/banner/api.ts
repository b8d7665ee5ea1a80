import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { BANNER_FILTERS } from './model';
import type { Banner } from './schema';

/** `/banner`: page, create, update, delete (API.md §4). Keys: ['banner', 'page', body]. */
export const bannerApi = createResourceApi<Banner>('banner', BANNER_FILTERS);

export const bannersQuery = (search: Partial<ListSearch>) => bannerApi.pageQuery(search);
