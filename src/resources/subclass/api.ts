import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { SUBCLASS_FILTERS } from './model';
import type { Subclass } from './schema';

/**
 * `/category/subclass`: page, create, update, delete (API.md §4). Keys start with
 * 'category/subclass', so a write also refreshes the subclass pickers.
 */
export const subclassApi = createResourceApi<Subclass>('category/subclass', SUBCLASS_FILTERS);

export const subclassesQuery = (search: Partial<ListSearch>) => subclassApi.pageQuery(search);
