import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { News } from './schema';
import { newsSpec } from './spec';

/** `/news`: page, create, update, delete (docs/api.md §4). The server sanitises `content` on every write. */
export const newsApi = resourceApiOf<News>('news', newsSpec);

export const newsQuery = (search: Partial<ListSearch>) => newsApi.pageQuery(search);
