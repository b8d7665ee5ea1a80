import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { Resource } from './schema';
import { resourceSpec } from './spec';

/** `/resource`: page, create, update, delete (docs/api.md §4). Keys: ['resource', 'page', body]. */
export const resourceApi = resourceApiOf<Resource>('resource', resourceSpec);

export const resourcesQuery = (search: Partial<ListSearch>) => resourceApi.pageQuery(search);
