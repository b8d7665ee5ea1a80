import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context';
import { registerResource } from '../../server/crud/define-resource';
import { specFilters } from '../../server/crud/filters';
import type { Db } from '../../server/crud/types';
import { invalidField } from '../../server/http/errors';
import { type Online, type OnlineStatus, onlineCreateSchema, onlinePageSchema, onlineUpdateSchema } from './schema';
import { onlineBatch } from './server-bulk';
import { messageSpec } from './spec';

const select = (db: Db) => db.selectFrom('online_message').selectAll('online_message');
type OnlineRow = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toOnline = (r: OnlineRow): Online => ({
  id: r.id,
  readerName: r.reader_name,
  contact: r.contact,
  content: r.content,
  reply: r.reply,
  status: r.status as OnlineStatus,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** `/online`: readers' messages. */
export function registerMessage(api: Hono<AppEnv>, deps: AppDeps) {
  return registerResource(api, deps, {
    name: 'online',
    roles: messageSpec.roles,
    table: 'online_message',
    schemas: { create: onlineCreateSchema, update: onlineUpdateSchema, page: onlinePageSchema },
    select,
    idColumn: 'online_message.id',
    sortColumns: {
      id: 'online_message.id',
      readerName: 'online_message.reader_name',
      status: 'online_message.status',
      createdAt: 'online_message.created_at',
      updatedAt: 'online_message.updated_at',
    },
    keywordColumns: [
      'online_message.reader_name',
      'online_message.contact',
      'online_message.content',
      'online_message.reply',
    ],
    filters: (p) => specFilters(messageSpec.filters, p),
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
