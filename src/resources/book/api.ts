import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { useCreateRecord, useDeleteRecord, useUpdateRecord } from '../../components/resource/use-resource-mutations';
import { BOOK_FILTERS } from './model';
import type { Book } from './schema';

/** `/book`: page, create, update, delete (API.md §4). Keys: ['book', 'page', body]. */
export const bookApi = createResourceApi<Book>('book', BOOK_FILTERS);

export const booksQuery = (search: Partial<ListSearch>) => bookApi.pageQuery(search);
export const useCreateBook = () => useCreateRecord(bookApi);
export const useUpdateBook = () => useUpdateRecord(bookApi);
export const useDeleteBook = () => useDeleteRecord(bookApi);
