import { type SqlBool, sql } from 'kysely';
import { columnMap } from '../../../server/crud/columns';
import { type DefinedResource, defineResource } from '../../../server/crud/define-resource';
import { specFilters } from '../../../server/crud/filters';
import { fromSpec } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import { invalidField } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { type Message, messageCreateSchema, messagePageSchema, messageUpdateSchema } from '../schema';
import { messageSpec } from '../spec';
import { messageBatch } from './bulk';
import { messageSeed } from './seed';

const select = (db: Db) => db.selectFrom('message').selectAll('message');

const columns = columnMap<Message>()(select, ['readerName', 'contact', 'content', 'reply', 'status']);

/** A reader's messages: written under their nickname, or with their phone or email as the contact. */
function ofReader(readerId: number | undefined) {
  if (readerId === undefined) return [];
  return [
    sql<SqlBool>`exists (select 1 from reader r where r.id = ${readerId} and (message.reader_name = r.nick_name or message.contact = r.phone or message.contact = r.email))`,
  ];
}

/** `/online`: readers' messages. */
export function messageServer(services: Services): DefinedResource {
  const noun = defineResource(services, {
    ...fromSpec('message', messageSpec, 'message'),
    schemas: { create: messageCreateSchema, update: messageUpdateSchema, page: messagePageSchema },
    filters: (p) => [...specFilters(messageSpec.filters, p), ...ofReader(p.readerId)],
    keywordColumns: ['message.reader_name', 'message.contact', 'message.content', 'message.reply'],
    ...columns,
    batch: messageBatch,
    toColumns: (i) => {
      // Without a reply, "replied" would be a lie the reader sees; with one, the message is answered.
      if (!i.reply && i.status === 'replied') throw invalidField('status', 'replied needs a reply');
      return { ...columns.toColumns(i), status: i.reply ? 'replied' : i.status };
    },
  });
  return {
    ...noun,
    badges: [
      {
        key: 'unreadMessages',
        count: async (db) =>
          Number(
            (
              await db
                .selectFrom('message')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('status', '=', 'unread')
                .executeTakeFirstOrThrow()
            ).n,
          ),
      },
    ],
    seed: messageSeed,
  };
}
