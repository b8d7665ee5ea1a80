import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';

export const READER_STATUSES = ['active', 'disabled'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;

/** Readers of the reading site (API `users`; not staff, which is `user`). */
export const readerSpec = defineSpec({
  api: 'users',
  roles: 'everyone',
  menu: { screen: '/users/user', icon: 'user', order: 20 },
  sorts: ['id', 'nickName', 'phone', 'status', 'createdAt', 'updatedAt'],
  filters: {
    status: enumFilter(READER_STATUSES, 'reader.status'),
    gender: enumFilter(GENDERS, 'reader.gender'),
    created: dayRange('reader', 'created'),
  },
});
