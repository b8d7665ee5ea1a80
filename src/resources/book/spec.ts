import { defineSpec } from '../../contract/resource-spec';

export const BOOK_STATUSES = ['on_shelf', 'off_shelf'] as const;
export const BOOK_SORTS = [
  'id',
  'title',
  'author',
  'isbn',
  'publishDate',
  'stock',
  'status',
  'createdAt',
  'updatedAt',
] as const;

/** Books: the catalogue. */
export const bookSpec = defineSpec({
  api: 'book',
  roles: 'everyone',
  menu: { screen: '/web/book', icon: 'education', order: 10 },
  sorts: BOOK_SORTS,
  filters: {
    categoryId: { kind: 'ref', column: 'book.category_id' },
    subclassId: { kind: 'ref', column: 'book.subclass_id' },
    status: { kind: 'enum', values: BOOK_STATUSES, column: 'book.status' },
    stock: { kind: 'numberRange', column: 'book.stock', params: ['stockMin', 'stockMax'] },
    created: { kind: 'dateRange', column: 'book.created_at', params: ['createdFrom', 'createdTo'] },
    updated: { kind: 'dateRange', column: 'book.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
