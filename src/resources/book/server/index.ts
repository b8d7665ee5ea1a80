import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { invalidField, refused } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { type Book, bookCreateSchema, bookPageSchema, bookUpdateSchema } from '../schema';
import { bookSpec } from '../spec';
import { BOOK_CSV_COLUMNS, BOOK_FIELDS, bookBatch, bookImporter } from './bulk';
import { bookIsbnRoute } from './isbn-route';
import { bookSeed } from './seed';

const select = (db: Db) =>
  db
    .selectFrom('book')
    .leftJoin('category', 'category.id', 'book.category_id')
    .leftJoin('category_subclass as sc', 'sc.id', 'book.subclass_id')
    .selectAll('book')
    .select(['category.name as category_name', 'sc.name as subclass_name']);

const columns = columnMap<Book>()(select, BOOK_FIELDS, {
  categoryName: { column: 'category_name', write: false },
  subclassName: { column: 'subclass_name', write: false },
});

export function bookServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('book', bookSpec, 'book'),
    schemas: { create: bookCreateSchema, update: bookUpdateSchema, page: bookPageSchema },
    // The same columns as the trigram index of migration 0003 (BOOK_SEARCH_COLUMNS).
    keywordColumns: ['book.title', 'book.author', 'book.isbn', 'book.publisher'],
    fullText: { table: 'book_fts', idColumn: 'book.id' },
    pageFromTable: true,
    readOnlyFields: ['categoryName', 'subclassName'],
    // Named, so that an export with no rows still has its header line.
    csvColumns: BOOK_CSV_COLUMNS,
    importer: bookImporter,
    batch: bookBatch,
    ...columns,
    unique: [{ field: 'isbn', column: 'isbn', message: (v) => `A book with ISBN ${String(v)} already exists` }],
    async beforeDelete({ trx, id, before }) {
      const rows = await trx
        .selectFrom('application')
        .select((eb) => ['status', eb.fn.countAll().as('n')])
        .where('book_id', '=', id)
        .groupBy('status')
        .execute();
      const n = (...st: string[]) => rows.filter((r) => st.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
      // Holds wait for a copy of this book: as open as a request or a loan.
      const open = n('pending', 'approved', 'on_hold', 'ready');
      if (open > 0) {
        throw refused(
          { code: 'book_open_applications', params: { title: before.title, n: open } },
          `"${before.title}" has ${open} open application${open === 1 ? '' : 's'} (pending, on loan or on hold); settle them first`,
        );
      }
      // Finished loans are the reading history: kept, so the book is taken off the shelf instead.
      const closed = n('rejected', 'returned', 'expired');
      if (closed > 0) {
        throw refused(
          { code: 'book_history', params: { title: before.title, n: closed } },
          `"${before.title}" has borrowing history (${closed} applications); set it off shelf instead`,
        );
      }
    },
    async check(input, { trx }) {
      const cat = await trx.selectFrom('category').select('id').where('id', '=', input.categoryId).executeTakeFirst();
      if (!cat) throw invalidField('categoryId', 'no such category');
      if (input.subclassId !== undefined) {
        const sub = await trx
          .selectFrom('category_subclass')
          .select(['id', 'category_id'])
          .where('id', '=', input.subclassId)
          .executeTakeFirst();
        if (!sub) throw invalidField('subclassId', 'no such subclass');
        if (sub.category_id !== input.categoryId) throw invalidField('subclassId', 'belongs to another category');
      }
    },
  });
  bookIsbnRoute(
    noun.app,
    services,
    (db, isbn) => select(db).where('book.isbn', '=', isbn).executeTakeFirst(),
    columns.toApi,
  );
  return {
    ...noun,
    seed: bookSeed,
  };
}
