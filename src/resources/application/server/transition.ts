import type { Hono } from 'hono';
import { currentUser } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import type { Db } from '../../../server/crud/types';
import { staleVersion } from '../../../server/crud/write';
import { diffRecords, recordTitleOf, writeAudit } from '../../../server/db/repositories/audit';
import { ok } from '../../../server/http/envelope';
import { notFound, refused } from '../../../server/http/errors';
import { readJson } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import { type ApplicationStatus, applicationUpdateSchema, canTransition } from '../schema';
import { APPLICATION_READ_ONLY, selectApplication, toApplication } from './row';

/**
 * One copy out (approve) or back in (return), as a conditional UPDATE: `stock > 0` in the WHERE
 * makes the row itself the arbiter between concurrent approvals on any engine, so the last copy is
 * lent exactly once. The book's version moves too, so an editor holding the old stock gets a 409
 * instead of silently undoing the loan. Returns the new stock, or null when no copy was left.
 */
async function moveStock(trx: Db, bookId: number, delta: 1 | -1, at: string): Promise<number | null> {
  let q = trx
    .updateTable('book')
    .set((eb) => ({ stock: eb('stock', '+', delta), version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', bookId);
  if (delta < 0) q = q.where('stock', '>', 0);
  const row = await q.returning('stock').executeTakeFirst();
  return row ? row.stock : null;
}

/** `PUT /apply`: a status transition with its stock rule, on the application's sub-app. */
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
    let bookVersion: number | null = null;
    const out = await services.db.transaction().execute(async (trx) => {
      const before = await selectApplication(trx).where('application.id', '=', input.id).executeTakeFirst();
      if (!before) throw notFound(`apply ${input.id}`);
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
      const delta = input.status === 'approved' ? -1 : input.status === 'returned' ? 1 : 0;
      if (delta !== 0) {
        const stock = await moveStock(trx, before.book_id, delta, at);
        if (stock === null) {
          const title = before.book_title ?? String(before.book_id);
          throw refused({ code: 'no_copies', params: { title } }, `No copies of "${title}" are left to lend`);
        }
        const changes = { stock: { from: stock - delta, to: stock } };
        bookVersion = await trx
          .selectFrom('book')
          .select('version')
          .where('id', '=', before.book_id)
          .executeTakeFirstOrThrow()
          .then((b) => b.version);
        await writeAudit(trx, auditEntry(user, 'update', 'book', before.book_id, at, changes, before.book_title));
      }
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
        })
        .where('id', '=', input.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw staleVersion(input.version + 1, input.version);
      const after = toApplication(
        await selectApplication(trx).where('application.id', '=', input.id).executeTakeFirstOrThrow(),
      );
      // bookStock is the book's, audited on the book row above.
      const changes = diffRecords(toApplication(before), after, [
        'id',
        'version',
        'createdAt',
        'updatedAt',
        'bookStock',
      ]);
      await writeAudit(trx, auditEntry(user, 'update', 'application', input.id, at, changes, recordTitleOf(after)));
      return after;
    });
    // After the commit: open consoles recount pending applications and refresh the lists.
    const actor = { id: user.staffId, name: user.name || user.userName };
    void services.events.publishChange({
      resource: 'application',
      id: out.id,
      version: out.version,
      action: 'update',
      actor,
    });
    if (bookVersion !== null) {
      void services.events.publishChange({
        resource: 'book',
        id: out.bookId,
        version: bookVersion,
        action: 'update',
        actor,
      });
    }
    return ok(c, out);
  });
}
