import type { AuthUser } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import type { Db } from '../../../server/crud/types';
import type { DialectKind } from '../../../server/db/dialect';
import { writeAudit } from '../../../server/db/repositories/audit';

export const DAY_MS = 86_400_000;

/** The site's loan settings (table `loan_policy`, row 1), with the migration's defaults if it is missing. */
export interface LoanPolicy {
  loanDays: number;
  maxRenewals: number;
  holdDays: number;
  remindDaysBefore: number;
}

export async function loanPolicy(db: Db): Promise<LoanPolicy> {
  const row = await db.selectFrom('loan_policy').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    loanDays: Number(row?.loan_days ?? 21),
    maxRenewals: Number(row?.max_renewals ?? 2),
    holdDays: Number(row?.hold_days ?? 3),
    remindDaysBefore: Number(row?.remind_days_before ?? 2),
  };
}

/** A book's loan period in days: its category's, else the policy's. */
export async function loanDaysOf(db: Db, bookId: number, policy: LoanPolicy): Promise<number> {
  const row = await db
    .selectFrom('book')
    .leftJoin('category', 'category.id', 'book.category_id')
    .select('category.loan_days')
    .where('book.id', '=', bookId)
    .executeTakeFirst();
  return row?.loan_days ?? policy.loanDays;
}

export const plusDays = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

/**
 * Serialises every change of one book's copies: on PostgreSQL the book's row is locked for the
 * transaction (`FOR UPDATE`), so a return, an approval and an expiry of the same book run one
 * after the other and each reads what the one before committed. SQLite runs one write
 * transaction at a time anyway (the connection is shared and its transactions queue).
 */
export async function lockBook(trx: Db, dialect: DialectKind, bookId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('book').select('id').where('id', '=', bookId).forUpdate().execute();
}

/**
 * One copy out of the stock (approve) or back into it, as a conditional UPDATE: `stock > 0` in
 * the WHERE keeps the stock from going below zero on any engine. The book's version moves, so an
 * editor holding the old stock gets a 409 instead of silently undoing the loan. Returns the new
 * stock, or null when no copy was left.
 */
export async function moveStock(trx: Db, bookId: number, delta: 1 | -1, at: string): Promise<number | null> {
  let q = trx
    .updateTable('book')
    .set((eb) => ({ stock: eb('stock', '+', delta), version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', bookId);
  if (delta < 0) q = q.where('stock', '>', 0);
  const row = await q.returning('stock').executeTakeFirst();
  return row ? row.stock : null;
}

/** What a transaction changed besides the request's own record: published after the commit. */
export interface Moved {
  applications: { id: number; version: number }[];
  book: { id: number; version: number } | null;
}

type Actor = Pick<AuthUser, 'staffId' | 'userName' | 'name'> | null;

/** The audit row of a change to the book's stock made by a loan. */
async function auditStock(trx: Db, actor: Actor, bookId: number, at: string, from: number, to: number) {
  const book = await trx
    .selectFrom('book')
    .select(['title', 'version'])
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
  await writeAudit(trx, auditEntry(actor, 'update', 'book', bookId, at, { stock: { from, to } }, book.title));
  return book.version;
}

/**
 * A copy of `bookId` became free (a return, a ready hold cancelled or expired): the first request
 * on hold for the book, in request order, becomes `ready` and keeps it until now + hold_days; with
 * nobody waiting it goes back to the stock. Runs inside the caller's transaction, with the book
 * locked (lockBook), so the copy cannot be handed out twice nor lost.
 */
export async function passCopy(trx: Db, actor: Actor, bookId: number, at: string, moved: Moved): Promise<void> {
  const next = await firstHold(trx, bookId);
  if (next) {
    const policy = await loanPolicy(trx);
    await makeReady(trx, actor, next, at, plusDays(at, policy.holdDays), moved);
    return;
  }
  const stock = await moveStock(trx, bookId, 1, at);
  if (stock === null) throw new Error(`book ${bookId} vanished while a copy came back`);
  moved.book = { id: bookId, version: await auditStock(trx, actor, bookId, at, stock - 1, stock) };
}

const firstHold = (trx: Db, bookId: number) =>
  trx
    .selectFrom('application')
    .select(['id', 'version'])
    .where('book_id', '=', bookId)
    .where('status', '=', 'on_hold')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

async function makeReady(
  trx: Db,
  actor: Actor,
  hold: { id: number; version: number },
  at: string,
  until: string,
  moved: Moved,
) {
  await trx
    .updateTable('application')
    .set({ status: 'ready', ready_until: until, version: hold.version + 1, updated_at: at })
    .where('id', '=', hold.id)
    .execute();
  const changes = { status: { from: 'on_hold', to: 'ready' }, readyUntil: { from: null, to: until } };
  await writeAudit(trx, auditEntry(actor, 'update', 'application', hold.id, at, changes, null));
  moved.applications.push({ id: hold.id, version: hold.version + 1 });
}

/**
 * The holds' clock, run by the daily job and before the list is read: every `ready` hold whose
 * `ready_until` has passed becomes `expired` and its copy passes on (passCopy); a book that has
 * copies in stock while requests wait on hold (copies added by an edit) hands them to the queue.
 * Each book in its own transaction, so one busy book does not hold up the others.
 */
export async function sweepHolds(db: Db, dialect: DialectKind, now: Date): Promise<Moved[]> {
  const at = now.toISOString();
  const out: Moved[] = [];
  const stale = await db
    .selectFrom('application')
    .select(['book_id'])
    .distinct()
    .where('status', '=', 'ready')
    .where('ready_until', '<', at)
    .execute();
  const waiting = await db
    .selectFrom('application')
    .innerJoin('book', 'book.id', 'application.book_id')
    .select('application.book_id')
    .distinct()
    .where('application.status', '=', 'on_hold')
    .where('book.stock', '>', 0)
    .execute();
  const books = new Set([...stale, ...waiting].map((r) => r.book_id));
  for (const bookId of books) {
    out.push(
      await db.transaction().execute(async (trx) => {
        const moved: Moved = { applications: [], book: null };
        await lockBook(trx, dialect, bookId);
        const expired = await trx
          .selectFrom('application')
          .select(['id', 'version', 'ready_until'])
          .where('book_id', '=', bookId)
          .where('status', '=', 'ready')
          .where('ready_until', '<', at)
          .orderBy('ready_until')
          .execute();
        for (const hold of expired) {
          await trx
            .updateTable('application')
            .set({ status: 'expired', version: hold.version + 1, updated_at: at, handled_at: at })
            .where('id', '=', hold.id)
            .execute();
          const changes = { status: { from: 'ready', to: 'expired' } };
          await writeAudit(trx, auditEntry(null, 'update', 'application', hold.id, at, changes, null));
          moved.applications.push({ id: hold.id, version: hold.version + 1 });
          await passCopy(trx, null, bookId, at, moved);
        }
        // Copies in stock while requests wait: each goes to the next hold.
        for (;;) {
          const next = await firstHold(trx, bookId);
          if (!next) break;
          const stock = await moveStock(trx, bookId, -1, at);
          if (stock === null) break;
          moved.book = { id: bookId, version: await auditStock(trx, null, bookId, at, stock + 1, stock) };
          const policy = await loanPolicy(trx);
          await makeReady(trx, null, next, at, plusDays(at, policy.holdDays), moved);
        }
        return moved;
      }),
    );
  }
  return out;
}
