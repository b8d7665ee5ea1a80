import type { Kysely, Migration } from 'kysely';
import { type DialectKind, dropFullTextIndexDdl, fullTextIndexDdl } from '../dialect';

/**
 * The book columns the keyword searches (`keywordColumns` in src/resources/book/server/index.ts):
 * keep the two in step.
 */
export const BOOK_SEARCH_COLUMNS = ['title', 'author', 'isbn', 'publisher'] as const;

/**
 * A trigram full-text index for the book keyword search: with 100,000 books a LIKE scan of four
 * columns costs ~30 ms a query; the index answers in about a millisecond (see bench/books.ts).
 */
export function bookSearch(dialect: DialectKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const stmt of fullTextIndexDdl(dialect, 'book', BOOK_SEARCH_COLUMNS)) await stmt.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const stmt of dropFullTextIndexDdl(dialect, 'book', BOOK_SEARCH_COLUMNS)) await stmt.execute(db);
    },
  };
}
