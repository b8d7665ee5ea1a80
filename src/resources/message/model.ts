import { msg } from '@lingui/core/macro';
import { searchSchemaOf } from '../../components/resource/spec-search';
import type { Option } from '../../components/resource/types';
import type { Online, OnlineStatus } from './schema';
import { messageSpec } from './spec';

export const ONLINE_STATUS_OPTIONS: Option<OnlineStatus>[] = [
  { value: 'unread', label: msg`Unread`, color: 'orange' },
  { value: 'read', label: msg`Read`, color: 'blue' },
  { value: 'replied', label: msg`Replied`, color: 'green' },
];

/** /users/online?pageNum&pageSize&keyword&sort&order&status */
export const onlineSearchSchema = searchSchemaOf(messageSpec);

/**
 * The `PUT /online` body for a message with some fields changed: the update schema is strict and
 * wants every field, so the rest come from the record as the console last saw it (with its version).
 */
export function onlineUpdateBody(m: Online, patch: Partial<Pick<Online, 'status' | 'reply'>>) {
  return {
    id: m.id,
    version: m.version,
    readerName: m.readerName,
    contact: m.contact ?? undefined,
    content: m.content,
    reply: (patch.reply !== undefined ? patch.reply : m.reply) ?? undefined,
    status: patch.status ?? m.status,
  };
}

/** Opening an unread message marks it read; read and replied ones stay as they are. */
export const marksReadOnOpen = (m: Pick<Online, 'status'>) => m.status === 'unread';
