import type { Page } from '../../contract/common';
import { PAGE_SIZES } from '../../contract/values';
import { http } from '../../lib/api';
import type { Application } from '../../resources/application/schema';
import { APPLICATION_STATUSES, applicationSpec } from '../../resources/application/spec';
import type { Book } from '../../resources/book/schema';
import { bookSpec } from '../../resources/book/spec';

/** `GET /book/isbn/{isbn}`: the book kept under that ISBN-13, or null (docs/api-additions.md). */
export const bookByIsbn = (isbn: string) => http.get<Book | null>(`/${bookSpec.api}/isbn/${encodeURIComponent(isbn)}`);

/**
 * A copy out with a reader: an approved application, and a hold ready for collection where the
 * statuses have holds (the lending desk's `ready`).
 */
export const OPEN_LOAN_STATUSES = (['approved', 'ready'] as const).filter((s) =>
  (APPLICATION_STATUSES as readonly string[]).includes(s),
);

/** The query key starts with the applications' noun, so a Return (or any write to them) refreshes it. */
export const openLoansKey = (bookId: number) => ['application', 'scan-loans', bookId] as const;

/** The book's open loans, newest first: one page per status (a book has a few copies, not hundreds). */
export async function openLoansOf(bookId: number): Promise<Application[]> {
  const pageSize = PAGE_SIZES.at(-1);
  const pages = await Promise.all(
    OPEN_LOAN_STATUSES.map((status) =>
      http.post<Page<Application>>(`/${applicationSpec.api}/page`, {
        pageNum: 1,
        pageSize,
        bookId,
        status,
        sort: 'id',
        order: 'desc',
      }),
    ),
  );
  return pages.flatMap((p) => p.items);
}
