import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { refused } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { type Reader, readerCreateSchema, readerPageSchema, readerUpdateSchema } from '../schema';
import { readerSpec } from '../spec';
import { readerBatch, readerImporter } from './bulk';
import { readerSeed } from './seed';

const select = (db: Db) => db.selectFrom('reader').selectAll('reader');

const columns = columnMap<Reader>()(select, ['nickName', 'phone', 'email', 'gender', 'status', 'avatarUrl']);

/** `/users`: the reading site's readers. */
export function readerServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('reader', readerSpec, 'reader'),
    schemas: { create: readerCreateSchema, update: readerUpdateSchema, page: readerPageSchema },
    keywordColumns: ['reader.nick_name', 'reader.phone', 'reader.email'],
    ...columns,
    importer: readerImporter,
    batch: readerBatch,
    unique: [
      { field: 'phone', column: 'phone', message: (v) => `A reader with phone number ${String(v)} already exists` },
    ],
    async beforeDelete({ trx, id, before }) {
      const row = await trx
        .selectFrom('application')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('reader_id', '=', id)
        .executeTakeFirstOrThrow();
      const n = Number(row.n);
      // Borrowing history must keep its reader; disabling the account is the way to retire one.
      if (n > 0) {
        throw refused(
          { code: 'reader_applications', params: { name: before.nick_name, n } },
          `Reader "${before.nick_name}" has ${n} application${n === 1 ? '' : 's'}; disable the reader instead`,
        );
      }
    },
  });
  return {
    ...noun,
    figures: { series: 'newUsers' },
    seed: readerSeed,
  };
}
