import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { Subclass } from './schema';
import { subclassSpec } from './spec';

/**
 * `/category/subclass`: page, create, update, delete (docs/api.md §4). Keys start with the noun,
 * 'subclass', as the pickers' do, so a write also refreshes the subclass pickers.
 */
export const subclassApi = resourceApiOf<Subclass>('subclass', subclassSpec);

export const subclassesQuery = (search: Partial<ListSearch>) => subclassApi.pageQuery(search);
