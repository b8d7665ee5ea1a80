import { dayRange, defineSpec, enumFilter, refFilter } from '../../contract/resource-spec';

/** The contract's four (docs/api.md §4), then the lending desk's holds (docs/api-additions.md). */
export const CONTRACT_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;
export const APPLICATION_STATUSES = [...CONTRACT_STATUSES, 'on_hold', 'ready', 'expired'] as const;
export type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number];

/**
 * The changes of status a client may ask for; anything else is 409. Approving a pending request
 * takes one copy from the book's stock (none left: 409, and it may be placed on hold instead);
 * approving a `ready` hold lends the copy kept for it; returning gives a copy back, to the first
 * hold of the book if one waits (it becomes `ready`), else to the stock.
 */
export const APPLICATION_TRANSITIONS: Readonly<Record<ApplicationStatusValue, readonly ApplicationStatusValue[]>> = {
  pending: ['approved', 'rejected', 'on_hold'],
  approved: ['returned'],
  rejected: [],
  returned: [],
  on_hold: ['rejected'],
  ready: ['approved', 'rejected'],
  expired: [],
};

/**
 * Changes only the server makes, in the same transaction as the copy they move: a returned (or
 * released) copy makes the first hold `ready`; a `ready` hold not collected by `ready_until` expires.
 */
export const SERVER_TRANSITIONS: Readonly<Partial<Record<ApplicationStatusValue, readonly ApplicationStatusValue[]>>> =
  {
    on_hold: ['ready'],
    ready: ['expired'],
  };

/** Borrowing applications (API `apply`). */
export const applicationSpec = defineSpec({
  api: 'apply',
  roles: 'everyone',
  menu: { screen: '/users/apply', icon: 'form', order: 23 },
  sorts: ['id', 'status', 'handledAt', 'createdAt', 'updatedAt', 'dueAt', 'approvedAt'],
  filters: {
    status: enumFilter(APPLICATION_STATUSES, 'application.status'),
    created: dayRange('application', 'created'),
    userId: refFilter('application.reader_id', { screen: false }),
    bookId: refFilter('application.book_id', { screen: false }),
  },
});
