import { dayRange, defineSpec, enumFilter, refFilter } from '../../contract/resource-spec';

export const BOOK_STATUSES = ['on_shelf', 'off_shelf'] as const;

/** Books: the catalogue. */
export const bookSpec = defineSpec({
  api: 'book',
  roles: 'everyone',
  menu: { screen: '/web/book', icon: 'education', order: 10 },
  sorts: ['id', 'title', 'author', 'isbn', 'publishDate', 'stock', 'status', 'createdAt', 'updatedAt'],
  filters: {
    categoryId: refFilter('book.category_id'),
    subclassId: refFilter('book.subclass_id'),
    status: enumFilter(BOOK_STATUSES, 'book.status'),
    stock: { kind: 'numberRange', column: 'book.stock', params: ['stockMin', 'stockMax'] },
    created: dayRange('book', 'created'),
    updated: dayRange('book', 'updated'),
  },
});
