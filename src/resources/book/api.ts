import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { Book } from './schema';
import { bookSpec } from './spec';

/** `/book`: page, create, update, delete (docs/api.md §4). Keys: ['book', 'page', body]. */
export const bookApi = resourceApiOf<Book>('book', bookSpec);

export const booksQuery = (search: Partial<ListSearch>) => bookApi.pageQuery(search);
