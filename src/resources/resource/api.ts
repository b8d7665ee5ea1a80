import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { RESOURCE_FILTERS } from './model';
import type { Resource } from './schema';

/** `/resource`: page, create, update, delete (API.md §4). Keys: ['resource', 'page', body]. */
export const resourceApi = createResourceApi<Resource>('resource', RESOURCE_FILTERS);

export const resourcesQuery = (search: Partial<ListSearch>) => resourceApi.pageQuery(search);
