import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { READER_FILTERS } from './model';
import type { Reader } from './schema';

/** `/users`: the site's readers (API.md §4). Keys: ['users', 'page', body]. */
export const readerApi = createResourceApi<Reader>('users', READER_FILTERS);

export const readersQuery = (search: Partial<ListSearch>) => readerApi.pageQuery(search);
