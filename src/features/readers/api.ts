import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import type { Reader } from '../../contract/reader';
import { READER_FILTERS } from './model';

/** `/users`: the site's readers (API.md §4). Keys: ['users', 'page', body]. */
export const readerApi = createResourceApi<Reader>('users', READER_FILTERS);

export const readersQuery = (search: Partial<ListSearch>) => readerApi.pageQuery(search);
