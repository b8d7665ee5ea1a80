import type { Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../server/context';
import { columnMap } from '../../server/crud/columns';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import { fromSpec } from '../../server/crud/from-spec';
import type { Db } from '../../server/crud/types';
import { invalidField } from '../../server/http/errors';
import { type Online, onlineCreateSchema, onlinePageSchema, onlineUpdateSchema } from './schema';
import { onlineBatch } from './server-bulk';
import { messageSpec } from './spec';

const select = (db: Db) => db.selectFrom('online_message').selectAll('online_message');

const columns = columnMap<Online>()(select, ['readerName', 'contact', 'content', 'reply', 'status']);

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
    filters: (p) => [...specFilters(messageSpec.filters, p), ...ofReader(p.readerId)],
    keywordColumns: [
      'online_message.reader_name',
      'online_message.contact',
      'online_message.content',
      'online_message.reply',
    ],
    ...columns,
    batch: onlineBatch,
    toColumns: (i) => {
      // Without a reply, "replied" would be a lie the reader sees; with one, the message is answered.
      if (!i.reply && i.status === 'replied') throw invalidField('status', 'replied needs a reply');
      return { ...columns.toColumns(i), status: i.reply ? 'replied' : i.status };
    },
  });
}
