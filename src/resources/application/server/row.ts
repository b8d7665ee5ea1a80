import { columnMap } from '../../../server/crud/columns';
import type { Db } from '../../../server/crud/types';
import type { Application } from '../schema';

export const selectApplication = (db: Db) =>
  db
    .selectFrom('application')
    .leftJoin('reader', 'reader.id', 'application.reader_id')
    .leftJoin('book', 'book.id', 'application.book_id')
    .selectAll('application')
    .select(['reader.nick_name as nick_name', 'book.title as book_title', 'book.stock as book_stock']);

/** Joined names and the handling fields are never taken from input: PUT /apply sets those. */
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
  },
);
export const toApplication = applicationColumns.toApi;

/** Joined and server-set fields a client may echo back; never taken from input. */
export const APPLICATION_READ_ONLY = ['nickName', 'bookTitle', 'bookStock', 'handledBy', 'handledById', 'handledAt'];
