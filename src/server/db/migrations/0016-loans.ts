import type { Kysely, Migration } from 'kysely';

/**
 * The lending desk: a loan's dates and renewals on the application row itself (an approved
 * application is the loan), holds as two more statuses of it, and the loan policy.
 *
 * - `approved_at` when the copy went out, `due_at` when it is due back, `returned_at` when it
 *   came back, `renewals` how many times it was extended. NULL dates on rows from before: the
 *   loans report and the overdue count read only rows that have them.
 * - Holds: status `on_hold` (waiting for a copy, in request order by `created_at`, then `id`)
 *   and `ready` (a returned copy kept for the reader until `ready_until`).
 * - `category.loan_days`: a category's loan period; NULL means the site's default.
 * - `loan_policy`: one row (id 1) of site-wide settings, edited by administrators.
 */
export const loans: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['approved_at', 'due_at', 'returned_at', 'ready_until'])
      await db.schema.alterTable('application').addColumn(column, 'text').execute();
    await db.schema
      .alterTable('application')
      .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('application_status_due_idx').on('application').columns(['status', 'due_at']).execute();
    await db.schema
      .createIndex('application_book_status_idx')
      .on('application')
      .columns(['book_id', 'status', 'created_at'])
      .execute();
    await db.schema.createIndex('application_approved_at_idx').on('application').column('approved_at').execute();

    await db.schema.alterTable('category').addColumn('loan_days', 'integer').execute();

    await db.schema
      .createTable('loan_policy')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('loan_days', 'integer', (c) => c.notNull().defaultTo(21))
      .addColumn('max_renewals', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('hold_days', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('remind_days_before', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db
      .insertInto('loan_policy' as never)
      .values({ id: 1 } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('loan_policy').execute();
    await db.schema.alterTable('category').dropColumn('loan_days').execute();
    for (const index of ['application_approved_at_idx', 'application_book_status_idx', 'application_status_due_idx'])
      await db.schema.dropIndex(index).execute();
    for (const column of ['renewals', 'ready_until', 'returned_at', 'due_at', 'approved_at'])
      await db.schema.alterTable('application').dropColumn(column).execute();
  },
};
