import { defineSpec } from '../../contract/resource-spec';
import { APPLY_SORTS, APPLY_STATUSES } from '../../contract/values';

/** Borrowing applications (API `apply`). */
export const applicationSpec = defineSpec({
  api: 'apply',
  roles: 'everyone',
  menu: { icon: 'form', order: 23 },
  sorts: APPLY_SORTS,
  filters: {
    status: { kind: 'enum', values: APPLY_STATUSES, column: 'borrow_apply.status' },
    created: { kind: 'dateRange', column: 'borrow_apply.created_at', params: ['createdFrom', 'createdTo'] },
    userId: { kind: 'ref', column: 'borrow_apply.user_id', screen: false },
    bookId: { kind: 'ref', column: 'borrow_apply.book_id', screen: false },
  },
});
