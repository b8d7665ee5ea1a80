import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { refused } from '../../server/http/errors';
import {
  type Gender,
  type Reader,
  type ReaderStatus,
  readerCreateSchema,
  readerPageSchema,
  readerUpdateSchema,
} from './schema';
import { readerBatch, readerImporter } from './server-bulk';
import { readerSpec } from './spec';

const select = (db: Db) => db.selectFrom('reader').selectAll('reader');
type ReaderRow = RowOf<typeof select>;

const toReader = (r: ReaderRow): Reader => ({
  id: r.id,
  nickName: r.nick_name,
  phone: r.phone,
  email: r.email,
  gender: r.gender as Gender | null,
  status: r.status as ReaderStatus,
  avatarUrl: r.avatar_url,
  ...rowMeta(r),
});

/** `/users`: the reading site's readers. */
export function registerReader(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(readerSpec, 'reader'),
    schemas: { create: readerCreateSchema, update: readerUpdateSchema, page: readerPageSchema },
    select,
    keywordColumns: ['reader.nick_name', 'reader.phone', 'reader.email'],
    toApi: toReader,
    importer: readerImporter,
    batch: readerBatch,
    toColumns: (i) => ({
      nick_name: i.nickName,
      phone: i.phone,
      email: i.email ?? null,
      gender: i.gender ?? null,
      status: i.status,
      avatar_url: i.avatarUrl ?? null,
    }),
    unique: [
      { field: 'phone', column: 'phone', message: (v) => `A reader with phone number ${String(v)} already exists` },
    ],
    async beforeDelete({ trx, id, before }) {
      const row = await trx
        .selectFrom('borrow_apply')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', id)
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
}
