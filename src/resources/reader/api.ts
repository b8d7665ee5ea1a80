import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { Reader } from './schema';
import { readerSpec } from './spec';

/** `/users`: the site's readers (docs/api.md §4). Keys: ['reader', 'page', body]. */
export const readerApi = resourceApiOf<Reader>('reader', readerSpec);

export const readersQuery = (search: Partial<ListSearch>) => readerApi.pageQuery(search);
