import type { Hono } from 'hono';
import { currentUser } from '../../../server/auth/middleware';
import type { AppEnv, AuthUser } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import type { Db } from '../../../server/crud/types';
import { staleVersion } from '../../../server/crud/write';
import { diffRecords, recordTitleOf, writeAudit } from '../../../server/db/repositories/audit';
import { ok } from '../../../server/http/envelope';
import { invalidField, notFound, refused } from '../../../server/http/errors';
import { readJson } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import { type Application, type ApplicationStatus, applicationUpdateSchema, canTransition } from '../schema';
import { loanDaysOf, loanPolicy, lockBook, type Moved, moveStock, passCopy, plusDays } from './loans';
import { APPLICATION_READ_ONLY, selectApplication, toApplication } from './row';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof selectApplication>['executeTakeFirst']>>>;

/** The application by id, read again inside the transaction (after the book's lock). */
export async function applicationRow(trx: Db, id: number): Promise<Row> {
  const row = await selectApplication(trx).where('application.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`apply ${id}`);
  return row;
}

/** Publishes, after the commit, the request's own change and what else the loan moved. */
export function publishMoved(services: Services, user: AuthUser | null, out: Application | null, moved: Moved) {
  const actor = user ? { id: user.staffId, name: user.name || user.userName } : { id: 0, name: 'system' };
  const changes = [
    ...(out ? [{ resource: 'application', id: out.id, version: out.version }] : []),
    ...moved.applications.map((a) => ({ resource: 'application', ...a })),
    ...(moved.book ? [{ resource: 'book', ...moved.book }] : []),
  ];
  for (const c of changes) void services.events.publishChange({ ...c, action: 'update', actor });
}

/** The request's own audit row: its fields before and after (the book's stock is audited on the book). */
export async function auditApplication(trx: Db, user: AuthUser, before: Row, after: Application, at: string) {
  const changes = diffRecords(toApplication(before), after, [
    'id',
    'version',
    'createdAt',
    'updatedAt',
    'bookStock',
    'holdPosition',
  ]);
  await writeAudit(trx, auditEntry(user, 'update', 'application', after.id, at, changes, recordTitleOf(after)));
}

/**
 * What a status change does to the book's copies, inside the transaction with the book locked:
 * approving a pending request takes one from the stock (none: 409 `no_copies`); approving a
 * `ready` hold lends the copy already kept for it; a return, or a ready hold cancelled, frees a
 * copy (passCopy: to the next hold, or to the stock); a hold is placed only when no copy is left.
 */
async function moveCopies(trx: Db, user: AuthUser, before: Row, to: ApplicationStatus, at: string, moved: Moved) {
  const from = before.status as ApplicationStatus;
  const title = before.book_title ?? String(before.book_id);
  if (to === 'approved' && from === 'pending') {
    const stock = await moveStock(trx, before.book_id, -1, at);
    if (stock === null)
      throw refused({ code: 'no_copies', params: { title } }, `No copies of "${title}" are left to lend`);
    const book = await trx
      .selectFrom('book')
      .select('version')
      .where('id', '=', before.book_id)
      .executeTakeFirstOrThrow();
    moved.book = { id: before.book_id, version: book.version };
    await writeAudit(
      trx,
      auditEntry(user, 'update', 'book', before.book_id, at, { stock: { from: stock + 1, to: stock } }, title),
    );
  } else if (to === 'returned' || (from === 'ready' && to === 'rejected')) {
    await passCopy(trx, user, before.book_id, at, moved);
  } else if (to === 'on_hold' && (before.book_stock ?? 0) > 0) {
    throw refused(
      { code: 'copies_available', params: { title } },
      `Copies of "${title}" are available: approve the request instead of placing it on hold`,
    );
  }
}

/** `PUT /apply`: a status transition with its copy rules, on the application's sub-app. */
export function applicationTransitions(app: Hono<AppEnv>, services: Services) {
  app.put('/', async (c) => {
    const input = await readJson(c, applicationUpdateSchema, [
      ...APPLICATION_READ_ONLY,
      'userId',
      'bookId',
      'createdAt',
      'updatedAt',
    ]);
    const user = currentUser(c);
    const moved: Moved = { applications: [], book: null };
    const out = await services.db.transaction().execute(async (trx) => {
      const found = await applicationRow(trx, input.id);
      await lockBook(trx, services.dialect, found.book_id);
      const before = await applicationRow(trx, input.id);
      if (before.version !== input.version) throw staleVersion(before.version, input.version, toApplication(before));
      const from = before.status as ApplicationStatus;
      if (!canTransition(from, input.status)) {
        throw refused(
          { code: 'transition', params: { from, to: input.status } },
          `An application that is ${from} cannot become ${input.status}`,
          'status',
        );
      }
      const at = services.now().toISOString();
      // A due date only means something on the approval that starts the loan; echoed on any other
      // change (a client sending the record back) it is ignored.
      const dueAt = input.status === 'approved' && input.dueAt ? new Date(input.dueAt).toISOString() : null;
      if (dueAt && dueAt <= at) throw invalidField('dueAt', 'must be in the future', { code: 'future' });
      await moveCopies(trx, user, before, input.status, at, moved);
      const loan =
        input.status === 'approved'
          ? {
              approved_at: at,
              due_at: dueAt ?? plusDays(at, await loanDaysOf(trx, before.book_id, await loanPolicy(trx))),
              renewals: 0,
            }
          : input.status === 'returned'
            ? { returned_at: at }
            : {};
      const res = await trx
        .updateTable('application')
        .set({
          status: input.status,
          remark: input.remark ?? before.remark,
          handled_by: user.name,
          handled_by_id: user.staffId,
          handled_at: at,
          version: input.version + 1,
          updated_at: at,
          ...loan,
        })
        .where('id', '=', input.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw staleVersion(input.version + 1, input.version);
      const after = toApplication(await applicationRow(trx, input.id));
      await auditApplication(trx, user, before, after, at);
      return after;
    });
    // After the commit: open consoles recount their badges and refresh the lists.
    publishMoved(services, user, out, moved);
    return ok(c, out);
  });
}
