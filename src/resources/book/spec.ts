import { defineSpec } from '../../contract/resource-spec';
import { BOOK_SORTS, BOOK_STATUSES } from '../../contract/values';

/** Books: the catalogue. */
export const bookSpec = defineSpec({
  api: 'book',
  roles: 'everyone',
  menu: { icon: 'education', order: 10 },
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
