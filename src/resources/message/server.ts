import type { Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import { fromSpec, type RowOf, rowMeta } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { invalidField } from '../../server/http/errors';
import { type Online, type OnlineStatus, onlineCreateSchema, onlinePageSchema, onlineUpdateSchema } from './schema';
import { onlineBatch } from './server-bulk';
import { messageSpec } from './spec';

const select = (db: Db) => db.selectFrom('online_message').selectAll('online_message');
type OnlineRow = RowOf<typeof select>;

const toOnline = (r: OnlineRow): Online => ({
  id: r.id,
  readerName: r.reader_name,
  contact: r.contact,
  content: r.content,
  reply: r.reply,
  status: r.status as OnlineStatus,
  ...rowMeta(r),
});

/** A reader's messages: written under their nickname, or with their phone or email as the contact. */
function ofReader(readerId: number | undefined) {
  if (readerId === undefined) return [];
  return [
    sql<SqlBool>`exists (select 1 from reader r where r.id = ${readerId} and (online_message.reader_name = r.nick_name or online_message.contact = r.phone or online_message.contact = r.email))`,
  ];
}

/** `/online`: readers' messages. */
export function registerMessage(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    ...fromSpec(messageSpec, 'online_message'),
    schemas: { create: onlineCreateSchema, update: onlineUpdateSchema, page: onlinePageSchema },
    select,
    filters: (p) => [...specFilters(messageSpec.filters, p), ...ofReader(p.readerId)],
    keywordColumns: [
      'online_message.reader_name',
      'online_message.contact',
      'online_message.content',
      'online_message.reply',
    ],
    toApi: toOnline,
    batch: onlineBatch,
    toColumns: (i) => {
      // Without a reply, "replied" would be a lie the reader sees; with one, the message is answered.
      if (!i.reply && i.status === 'replied') throw invalidField('status', 'replied needs a reply');
      return {
        reader_name: i.readerName,
        contact: i.contact ?? null,
        content: i.content,
        reply: i.reply ?? null,
        status: i.reply ? 'replied' : i.status,
      };
    },
  });
}
