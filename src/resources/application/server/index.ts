import { Hono } from 'hono';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppEnv } from '../../../server/context';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { specFilters } from '../../../server/crud/filters';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { applicationCreateSchema, applicationPageSchema } from '../schema';
import { applicationSpec } from '../spec';
import { holdsSweep } from './jobs';
import { applicationRenewals } from './renew';
import { APPLICATION_READ_ONLY, applicationColumns } from './row';
import { applicationSeed } from './seed';
import { applicationTransitions } from './transition';

const countWhere = async (db: Db, where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
  Number((await where(base(db)).executeTakeFirstOrThrow()).n);
const base = (db: Db) => db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'));

/** Approved loans whose due date has passed, at `at` (ISO text compares as time on both engines). */
const overdue = (at: string) => sql<SqlBool>`(application.status = 'approved' and application.due_at < ${at})`;

/**
 * `/apply`: page and create through the generic machinery; `PUT /apply` is a status transition with
 * its copy rules (transition.ts), `POST /apply/renew` a renewal (renew.ts). No delete: borrowing
 * history is kept. The holds' clock (ready holds expiring) runs daily as a job and before a page
 * of applications is read (jobs.ts).
 */
export function applicationServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('application', applicationSpec, 'application'),
    schemas: { create: applicationCreateSchema, page: applicationPageSchema },
    operations: { update: false, delete: false },
    keywordColumns: ['reader.nick_name', 'book.title', 'application.remark'],
    // Only the keyword needs the joined reader and book; filters and sorts are the table's own.
    pageFromTable: (p) => !p.keyword,
    filters: (p) => {
      const out: Expression<SqlBool>[] = specFilters(applicationSpec.filters, p);
      const at = services.now().toISOString();
      if (p.overdue === true) out.push(overdue(at));
      if (p.overdue === false) out.push(sql<SqlBool>`not ${overdue(at)}`);
      return out;
    },
    // A status on create is refused (unknown field), not ignored: every application starts pending.
    readOnlyFields: APPLICATION_READ_ONLY,
    ...applicationColumns,
    toColumns: (i) => ({
      ...applicationColumns.toColumns(i),
      // Every application starts pending; only PUT /apply moves it on.
      status: 'pending',
      handled_by: null,
      handled_by_id: null,
      handled_at: null,
    }),
    async check(input, { trx }) {
      const reader = await trx.selectFrom('reader').select('status').where('id', '=', input.userId).executeTakeFirst();
      if (!reader) throw invalidField('userId', 'no such reader');
      if (reader.status !== 'active') throw invalidField('userId', 'this reader is disabled');
      const book = await trx.selectFrom('book').select('id').where('id', '=', input.bookId).executeTakeFirst();
      if (!book) throw invalidField('bookId', 'no such book');
    },
  });
  applicationTransitions(noun.app, services);
  applicationRenewals(noun.app, services);
  const sweep = holdsSweep(services);
  // The list is read after the holds' clock has run, so a hold past its day never shows as ready.
  const outer = new Hono<AppEnv>();
  outer.use('/page', async (_c, next) => {
    await sweep.now();
    await next();
  });
  outer.route('/', noun.app);
  return {
    ...noun,
    routes: { [`/${applicationSpec.api}`]: outer },
    badges: [
      { key: 'pendingApplications', count: (db) => countWhere(db, (q) => q.where('status', '=', 'pending')) },
      {
        key: 'overdueLoans',
        count: (db) =>
          countWhere(db, (q) => q.where('status', '=', 'approved').where('due_at', '<', services.now().toISOString())),
        // Time alone makes a loan overdue: counted again every minute while consoles listen.
        refreshMs: 60_000,
      },
    ],
    figures: { series: 'applies' },
    seed: applicationSeed,
  };
}
