import type { Db } from '../../server/crud/types';
import type { Apply, ApplyStatus } from './schema';

export const selectApply = (db: Db) =>
  db
    .selectFrom('borrow_apply')
    .leftJoin('reader', 'reader.id', 'borrow_apply.user_id')
    .leftJoin('book', 'book.id', 'borrow_apply.book_id')
    .selectAll('borrow_apply')
    .select(['reader.nick_name as nick_name', 'book.title as book_title', 'book.stock as book_stock']);
export type ApplyRow = Awaited<ReturnType<ReturnType<typeof selectApply>['executeTakeFirstOrThrow']>>;

export const toApply = (r: ApplyRow): Apply => ({
  id: r.id,
  userId: r.user_id,
  nickName: r.nick_name,
  bookId: r.book_id,
  bookTitle: r.book_title,
  bookStock: r.book_stock,
  status: r.status as ApplyStatus,
  remark: r.remark,
  handledBy: r.handled_by,
  handledById: r.handled_by_id,
  handledAt: r.handled_at,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Joined and server-set fields a client may echo back; never taken from input. */
export const APPLY_READ_ONLY = ['nickName', 'bookTitle', 'bookStock', 'handledBy', 'handledById', 'handledAt'];
