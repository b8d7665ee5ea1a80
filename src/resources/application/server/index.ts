import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { applicationCreateSchema, applicationPageSchema } from '../schema';
import { applicationSpec } from '../spec';
import { APPLICATION_READ_ONLY, applicationColumns } from './row';
import { applicationSeed } from './seed';
import { applicationTransitions } from './transition';

/**
 * `/apply`: page and create through the generic machinery; `PUT /apply` is a status transition with
 * its stock rule (transition.ts). No delete: borrowing history is kept.
 */
export function applicationServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('application', applicationSpec, 'application'),
    schemas: { create: applicationCreateSchema, page: applicationPageSchema },
    operations: { update: false, delete: false },
    keywordColumns: ['reader.nick_name', 'book.title', 'application.remark'],
    // Only the keyword needs the joined reader and book; filters and sorts are the table's own.
    pageFromTable: (p) => !p.keyword,
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
  return {
    ...noun,
    badges: [
      {
        key: 'pendingApplications',
        count: async (db) =>
          Number(
            (
              await db
                .selectFrom('application')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('status', '=', 'pending')
                .executeTakeFirstOrThrow()
            ).n,
          ),
      },
    ],
    figures: { series: 'applies' },
    seed: applicationSeed,
  };
}
