import type { Kysely, Migration } from 'kysely';

/**
 * The loans report (docs/loans-report.md) read from indexes alone, measured by
 * bench/loans-report.ts over 100,000 loans:
 * - `(approved_at, book_id, returned_at, due_at)`: its two passes over a period's loans (by month,
 *   by book) without a lookup of each loan's row, about twice as fast;
 * - `(book_id, approved_at)`: "no loan of this book in the period" for every book (the
 *   never-borrowed list, the CSV's whole of it) answered in the index, about eight times faster.
 */
export const loansReportIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('application_loans_idx')
      .on('application')
      .columns(['approved_at', 'book_id', 'returned_at', 'due_at'])
      .execute();
    await db.schema
      .createIndex('application_book_approved_idx')
      .on('application')
      .columns(['book_id', 'approved_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('application_book_approved_idx').execute();
    await db.schema.dropIndex('application_loans_idx').execute();
  },
};
