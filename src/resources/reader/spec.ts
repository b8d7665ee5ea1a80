import { defineSpec } from '../../contract/resource-spec';
import { GENDERS, READER_SORTS, READER_STATUSES } from '../../contract/values';

/** Readers of the reading site (API `users`; not staff, which is `user`). */
export const readerSpec = defineSpec({
  api: 'users',
  roles: 'everyone',
  menu: { icon: 'user', order: 20 },
  sorts: READER_SORTS,
  filters: {
    status: { kind: 'enum', values: READER_STATUSES, column: 'reader.status' },
    gender: { kind: 'enum', values: GENDERS, column: 'reader.gender' },
    created: { kind: 'dateRange', column: 'reader.created_at', params: ['createdFrom', 'createdTo'] },
  },
});
