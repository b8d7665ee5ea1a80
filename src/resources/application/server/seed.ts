import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty } from '../../../server/db/seed/parts';

const APPLICATIONS = 300;
const DAY = 86_400_000;

/**
 * 300 applications by active readers for books on the shelf, in every status; an approved loan
 * holds a copy only while one is left, and the books' stock shows it.
 */
export const applicationSeed: DemoSeed = {
  after: ['reader', 'book'],
  async run({ trx, now, rand, pick, ago }) {
    if (!(await isEmpty(trx, 'application'))) return {};
    const readers = await trx
      .selectFrom('reader')
      .select(['id', 'created_at'])
      .where('status', '=', 'active')
      .execute();
    const books = await trx.selectFrom('book').select(['id', 'stock']).where('status', '=', 'on_shelf').execute();
    const admin = await trx.selectFrom('staff').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
    const stock = new Map(books.map((b) => [b.id, b.stock]));
    const rows = [];
    for (let i = 0; i < APPLICATIONS && readers.length > 0 && books.length > 0; i++) {
      const reader = pick(readers);
      const book = pick(books);
      const at = new Date(Math.max(Date.parse(reader.created_at), Date.parse(ago(60)))).toISOString();
      const r = rand();
      let status = r < 0.25 ? 'pending' : r < 0.5 ? 'approved' : r < 0.65 ? 'rejected' : 'returned';
      if (status === 'approved') {
        const left = stock.get(book.id) ?? 0;
        if (left > 0) stock.set(book.id, left - 1);
        else status = 'pending';
      }
      const handled = status !== 'pending';
      const handledAt = new Date(Math.min(now.getTime(), Date.parse(at) + Math.floor(rand() * 3 * DAY))).toISOString();
      rows.push({
        reader_id: reader.id,
        book_id: book.id,
        status,
        remark: status === 'rejected' ? 'No copies expected soon' : null,
        handled_by: handled ? (admin?.name ?? null) : null,
        handled_by_id: handled ? (admin?.id ?? null) : null,
        handled_at: handled ? handledAt : null,
        version: handled ? 1 : 0,
        created_at: at,
        updated_at: handled ? handledAt : at,
      });
    }
    const applications = await insertAll(trx, 'application', rows);
    for (const b of books) {
      const left = stock.get(b.id);
      if (left !== undefined && left !== b.stock)
        await trx.updateTable('book').set({ stock: left }).where('id', '=', b.id).execute();
    }
    return { applications };
  },
};
