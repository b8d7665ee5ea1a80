import { sql } from 'kysely';
import { columnMap } from '../../../server/crud/columns';
import type { Db } from '../../../server/crud/types';
import type { Application } from '../schema';

/**
 * The application with its reader's name, its book's title and stock, and, for a hold, its place
 * in the book's queue: requests on hold for the same book that came before it (by `created_at`,
 * then `id`), plus one.
 */
export const selectApplication = (db: Db) =>
  db
    .selectFrom('application')
    .leftJoin('reader', 'reader.id', 'application.reader_id')
    .leftJoin('book', 'book.id', 'application.book_id')
    .selectAll('application')
    .select(['reader.nick_name as nick_name', 'book.title as book_title', 'book.stock as book_stock'])
    .select(
      sql<number | null>`case when application.status = 'on_hold' then (
        select count(*) + 1 from application q
        where q.book_id = application.book_id and q.status = 'on_hold'
          and (q.created_at < application.created_at or (q.created_at = application.created_at and q.id < application.id))
      ) end`.as('hold_position'),
    );

/** Joined names, the handling fields and the loan's dates are never taken from input: PUT /apply sets those. */
export const applicationColumns = columnMap<Application>()(
  selectApplication,
  [
    'userId',
    'nickName',
    'bookId',
    'bookTitle',
    'bookStock',
    'status',
    'remark',
    'handledBy',
    'handledById',
    'handledAt',
    'approvedAt',
    'dueAt',
    'returnedAt',
    'renewals',
    'readyUntil',
    'holdPosition',
  ],
  {
    // The HTTP field keeps the contract's name; the column says whose id it is.
    userId: { column: 'reader_id' },
    nickName: { column: 'nick_name', write: false },
    bookTitle: { column: 'book_title', write: false },
    bookStock: { column: 'book_stock', write: false },
    status: { column: 'status', write: false },
    handledBy: { column: 'handled_by', write: false },
    handledById: { column: 'handled_by_id', write: false },
    handledAt: { column: 'handled_at', write: false },
    approvedAt: { column: 'approved_at', write: false },
    dueAt: { column: 'due_at', write: false },
    returnedAt: { column: 'returned_at', write: false },
    renewals: { column: 'renewals', read: (v) => Number(v), write: false },
    readyUntil: { column: 'ready_until', write: false },
    // PostgreSQL's count(*) is a bigint, which pg hands over as text.
    holdPosition: { column: 'hold_position', read: (v) => (v === null ? null : Number(v)), write: false },
  },
);
export const toApplication = applicationColumns.toApi;

/** Joined and server-set fields a client may echo back; never taken from input. */
export const APPLICATION_READ_ONLY = [
  'nickName',
  'bookTitle',
  'bookStock',
  'handledBy',
  'handledById',
  'handledAt',
  'approvedAt',
  'returnedAt',
  'renewals',
  'readyUntil',
  'holdPosition',
];
