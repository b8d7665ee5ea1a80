import type { Hono } from 'hono';
import { currentUser } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { staleVersion } from '../../../server/crud/write';
import { ok } from '../../../server/http/envelope';
import { refused } from '../../../server/http/errors';
import { readJson } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import { applicationRenewSchema } from '../schema';
import { loanDaysOf, loanPolicy, lockBook, type Moved, plusDays } from './loans';
import { APPLICATION_READ_ONLY, toApplication } from './row';
import { applicationRow, auditApplication, publishMoved } from './transition';

/**
 * `POST /apply/renew`: one more loan period (the book's category's, else the policy's) added to
 * the due date of an approved loan, at most `max_renewals` times (409 `renew_limit`), and never
 * while someone waits for the book (a request on hold or a ready hold: 409 `renew_held`); the
 * reader who waits gets the copy when it comes back. Audited as a change of `dueAt` and `renewals`.
 */
export function applicationRenewals(app: Hono<AppEnv>, services: Services) {
  app.post('/renew', async (c) => {
    const input = await readJson(c, applicationRenewSchema, [
      ...APPLICATION_READ_ONLY,
      'userId',
      'bookId',
      'status',
      'remark',
      'dueAt',
      'createdAt',
      'updatedAt',
    ]);
    const user = currentUser(c);
    const out = await services.db.transaction().execute(async (trx) => {
      const found = await applicationRow(trx, input.id);
      await lockBook(trx, services.dialect, found.book_id);
      const before = await applicationRow(trx, input.id);
      if (before.version !== input.version) throw staleVersion(before.version, input.version, toApplication(before));
      const title = before.book_title ?? String(before.book_id);
      if (before.status !== 'approved')
        throw refused({ code: 'not_on_loan' }, `Only an approved loan can be renewed (this one is ${before.status})`);
      const waiting = await trx
        .selectFrom('application')
        .select('id')
        .where('book_id', '=', before.book_id)
        .where('status', 'in', ['on_hold', 'ready'])
        .limit(1)
        .executeTakeFirst();
      if (waiting)
        throw refused({ code: 'renew_held', params: { title } }, `Someone is waiting for "${title}": not renewed`);
      const policy = await loanPolicy(trx);
      if (before.renewals >= policy.maxRenewals)
        throw refused(
          { code: 'renew_limit', params: { max: policy.maxRenewals } },
          `This loan was renewed ${before.renewals} times already; the loan policy allows ${policy.maxRenewals}`,
        );
      const at = services.now().toISOString();
      // From the due date (a loan renewed early loses nothing); an overdue loan, or one from before
      // due dates, from now (a renewal never leaves it overdue).
      const from = before.due_at && before.due_at > at ? before.due_at : at;
      const dueAt = plusDays(from, await loanDaysOf(trx, before.book_id, policy));
      await trx
        .updateTable('application')
        .set({ due_at: dueAt, renewals: before.renewals + 1, version: before.version + 1, updated_at: at })
        .where('id', '=', before.id)
        .execute();
      const after = toApplication(await applicationRow(trx, input.id));
      await auditApplication(trx, user, before, after, at);
      return after;
    });
    const moved: Moved = { applications: [], book: null };
    publishMoved(services, user, out, moved);
    return ok(c, out);
  });
}
