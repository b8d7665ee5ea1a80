import type { Hono } from 'hono';
import { isValidIsbn, toIsbn13 } from '../../../contract/isbn';
import type { AppEnv } from '../../../server/context';
import type { Db } from '../../../server/crud/types';
import { ok } from '../../../server/http/envelope';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import type { Book } from '../schema';

/**
 * `GET /book/isbn/{isbn}`: the book a scanned barcode names, or null. Books are kept under their
 * ISBN-13 (an ISBN-10 is converted on the way in), so one exact match on the unique index finds it;
 * the keyword search would also match ISBNs that merely contain the digits.
 */
export function bookIsbnRoute<Row>(
  app: Hono<AppEnv>,
  services: Services,
  find: (db: Db, isbn13: string) => Promise<Row | undefined>,
  toApi: (row: Row) => Book,
): void {
  app.get('/isbn/:isbn', async (c) => {
    const isbn = c.req.param('isbn');
    if (!isValidIsbn(isbn)) throw invalidField('isbn', 'must be an ISBN-10 or ISBN-13 with a valid check digit');
    const row = await find(services.db, toIsbn13(isbn));
    return ok<Book | null>(c, row ? toApi(row) : null);
  });
}
