import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { BIBLIOGRAPHY_FILTERS } from './model';
import type { Bibliography } from './schema';

/** `/bibliography`: page, create, update, delete (docs/api.md §4). Keys: ['bibliography', 'page', body]. */
export const bibliographyApi = createResourceApi<Bibliography>('bibliography', 'bibliography', BIBLIOGRAPHY_FILTERS);

export const bibliographyQuery = (search: Partial<ListSearch>) => bibliographyApi.pageQuery(search);
