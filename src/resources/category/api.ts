import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { CATEGORY_FILTERS } from './model';
import type { Category } from './schema';

/**
 * `/category`: page, create, update, delete (docs/api.md §4). Keys start with 'category', so a write
 * also refreshes the category pickers (['category', 'list']).
 */
export const categoryApi = createResourceApi<Category>('category', 'category', CATEGORY_FILTERS);

export const categoriesQuery = (search: Partial<ListSearch>) => categoryApi.pageQuery(search);
