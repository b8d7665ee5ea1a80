import type { DemoSeed } from '../../../server/db/seed/parts';
import { insertAll, isEmpty } from '../../../server/db/seed/parts';
import { mulberry32, pickWith } from '../../../server/db/seed/random';

const APPLICATIONS = 300;
/** Closed loans over the past year, so the loans report has twelve months to show. */
const HISTORY = 360;
/** Books whose every copy is out, with readers waiting (on hold); and books with a copy kept (ready). */
const HELD_BOOKS = 5;
const READY_HOLDS = 3;
const DAY = 86_400_000;
/** The demo's loan period: loan_policy's default (migration 0016). */
const LOAN_DAYS = 21;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * 300 recent applications by active readers for books on the shelf, in every status (an approved
 * loan holds a copy only while one is left, and the books' stock shows it; its due date is the
 * loan period after approval, so the older ones are overdue); a year of closed loans (returned on
 * time or late, a few rejected) for the loans report; books whose last copy is out with readers on
 * hold, and ready holds keeping a copy. The invariant of the desk holds for every book: stock +
 * approved + ready = the copies it started with.
 *
 * The recent 300 draw from the demo's shared stream exactly as before (the parts after this one
 * see the same numbers); the dates of loans and the newer rows draw from a stream of their own.
 */
export const applicationSeed: DemoSeed = {
  after: ['reader', 'book'],
  async run({ trx, now, rand, pick, ago }) {
    if (!(await isEmpty(trx, 'application'))) return {};
    const own = mulberry32(0x10a45);
    const ownPick = pickWith(own);
    const nowMs = now.getTime();
    const readers = await trx
      .selectFrom('reader')
      .select(['id', 'created_at'])
      .where('status', '=', 'active')
      .execute();
    const books = await trx.selectFrom('book').select(['id', 'stock']).where('status', '=', 'on_shelf').execute();
    const admin = await trx.selectFrom('staff').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
    const handler = { handled_by: admin?.name ?? null, handled_by_id: admin?.id ?? null };
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
      const handledMs = Math.min(nowMs, Date.parse(at) + Math.floor(rand() * 3 * DAY));
      const handledAt = iso(handledMs);
      const lent = status === 'approved' || status === 'returned';
      // Some loans were renewed once: due a period later.
      const renewals = status === 'approved' && own() < 0.15 ? 1 : 0;
      const dueMs = handledMs + LOAN_DAYS * (1 + renewals) * DAY;
      const backMs = Math.min(nowMs, handledMs + Math.floor((3 + own() * 30) * DAY));
      rows.push({
        reader_id: reader.id,
        book_id: book.id,
        status,
        remark: status === 'rejected' ? 'No copies expected soon' : null,
        ...(handled ? handler : { handled_by: null, handled_by_id: null }),
        handled_at: handled ? (status === 'returned' ? iso(backMs) : handledAt) : null,
        approved_at: lent ? handledAt : null,
        due_at: lent ? iso(dueMs) : null,
        returned_at: status === 'returned' ? iso(backMs) : null,
        ready_until: null,
        renewals,
        version: handled ? 1 : 0,
        created_at: at,
        updated_at: handled ? handledAt : at,
      });
    }

    // A year of closed loans: returned (a fifth of them late), some requests rejected.
    for (let i = 0; i < HISTORY && readers.length > 0 && books.length > 0; i++) {
      const reader = ownPick(readers);
      const book = ownPick(books);
      const createdMs = nowMs - Math.floor((61 + own() * 300) * DAY);
      const rejected = own() < 0.1;
      const approvedMs = createdMs + Math.floor(own() * 2 * DAY);
      const dueMs = approvedMs + LOAN_DAYS * DAY;
      const late = own() < 0.2;
      const backMs = late
        ? dueMs + Math.floor((1 + own() * 20) * DAY)
        : approvedMs + Math.floor((2 + own() * 18) * DAY);
      rows.push({
        reader_id: reader.id,
        book_id: book.id,
        status: rejected ? 'rejected' : 'returned',
        remark: rejected ? 'No copies expected soon' : null,
        ...handler,
        handled_at: iso(rejected ? approvedMs : backMs),
        approved_at: rejected ? null : iso(approvedMs),
        due_at: rejected ? null : iso(dueMs),
        returned_at: rejected ? null : iso(backMs),
        ready_until: null,
        renewals: 0,
        version: rejected ? 1 : 2,
        created_at: iso(createdMs),
        updated_at: iso(rejected ? approvedMs : backMs),
      });
    }

    // Holds: a few books lent out to the last copy with readers waiting in line, and a few with a
    // returned copy kept for a reader (ready, until a day or three from now).
    const withCopies = books.filter((b) => (stock.get(b.id) ?? 0) > 0);
    for (let i = 0; i < HELD_BOOKS + READY_HOLDS && withCopies.length > 0 && readers.length > 0; i++) {
      const book = withCopies[(i * 37) % withCopies.length];
      if (!book) break;
      const held = i < HELD_BOOKS;
      let left = stock.get(book.id) ?? 0;
      if (left === 0) continue;
      if (held) {
        for (; left > 0; left--) {
          const approvedMs = nowMs - Math.floor((1 + own() * 30) * DAY);
          rows.push(loanRow(ownPick(readers).id, book.id, approvedMs, handler));
        }
        for (let q = 0; q < 1 + Math.floor(own() * 3); q++) {
          const at = iso(nowMs - Math.floor((0.2 + own() * 5) * DAY));
          rows.push(holdRow(ownPick(readers).id, book.id, 'on_hold', at, null, handler));
        }
      } else {
        left -= 1;
        const at = iso(nowMs - Math.floor((4 + own() * 10) * DAY));
        const until = iso(nowMs + Math.floor((1 + own() * 2) * DAY));
        rows.push(holdRow(ownPick(readers).id, book.id, 'ready', at, until, handler));
      }
      stock.set(book.id, left);
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

type Handler = { handled_by: string | null; handled_by_id: number | null };

function loanRow(readerId: number, bookId: number, approvedMs: number, handler: Handler) {
  const at = iso(approvedMs - DAY);
  return {
    reader_id: readerId,
    book_id: bookId,
    status: 'approved',
    remark: null,
    ...handler,
    handled_at: iso(approvedMs),
    approved_at: iso(approvedMs),
    due_at: iso(approvedMs + LOAN_DAYS * DAY),
    returned_at: null,
    ready_until: null,
    renewals: 0,
    version: 1,
    created_at: at,
    updated_at: iso(approvedMs),
  };
}

function holdRow(
  readerId: number,
  bookId: number,
  status: 'on_hold' | 'ready',
  at: string,
  readyUntil: string | null,
  handler: Handler,
) {
  return {
    reader_id: readerId,
    book_id: bookId,
    status,
    remark: null,
    ...handler,
    handled_at: at,
    approved_at: null,
    due_at: null,
    returned_at: null,
    ready_until: readyUntil,
    renewals: 0,
    version: status === 'ready' ? 2 : 1,
    created_at: at,
    updated_at: at,
  };
}
