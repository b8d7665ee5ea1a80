import type { Kysely, Migration } from 'kysely';
import { toIsbn13 } from '../../../contract/isbn';

interface BookIsbn {
  book: { id: number; isbn: string | null };
}

/**
 * Books are kept under their ISBN-13 from now on (the contract converts an ISBN-10 on every write);
 * this converts the ISBN-10s already stored. A book whose ISBN-13 another book already has keeps its
 * ISBN-10: two records of one book were entered before, and which one goes is for a person to decide.
 */
export const isbn13: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<BookIsbn>;
    const rows = await db.selectFrom('book').select(['id', 'isbn']).where('isbn', 'is not', null).execute();
    const taken = new Set(rows.map((r) => r.isbn));
    for (const { id, isbn } of rows) {
      if (isbn?.length !== 10) continue;
      const thirteen = toIsbn13(isbn);
      if (thirteen === isbn || taken.has(thirteen)) continue;
      await db.updateTable('book').set({ isbn: thirteen }).where('id', '=', id).execute();
      taken.add(thirteen);
    }
  },
  async down() {
    // Nothing to undo: an ISBN-13 is as valid as the ISBN-10 it came from.
  },
};
