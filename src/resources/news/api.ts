import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { NEWS_FILTERS } from './model';
import type { News } from './schema';

/** `/news`: page, create, update, delete (API.md §4). The server sanitises `content` on every write. */
export const newsApi = createResourceApi<News>('news', NEWS_FILTERS);

export const newsQuery = (search: Partial<ListSearch>) => newsApi.pageQuery(search);
