import { dayRange, defineSpec, enumFilter, refFilter } from '../../contract/resource-spec';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;
/**
 * The only allowed changes of status; anything else is 409. Approving takes one copy from the
 * book's stock (none left: 409), returning gives it back.
 */
export const APPLICATION_TRANSITIONS: Readonly<
  Record<(typeof APPLICATION_STATUSES)[number], readonly (typeof APPLICATION_STATUSES)[number][]>
> = {
  pending: ['approved', 'rejected'],
  approved: ['returned'],
  rejected: [],
  returned: [],
};

/** Borrowing applications (API `apply`). */
export const applicationSpec = defineSpec({
  api: 'apply',
  roles: 'everyone',
  menu: { screen: '/users/apply', icon: 'form', order: 23 },
  sorts: ['id', 'status', 'handledAt', 'createdAt', 'updatedAt'],
  filters: {
    status: enumFilter(APPLICATION_STATUSES, 'application.status'),
    created: dayRange('application', 'created'),
    userId: refFilter('application.reader_id', { screen: false }),
    bookId: refFilter('application.book_id', { screen: false }),
  },
});
