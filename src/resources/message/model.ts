import { msg } from '@lingui/core/macro';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { Message, MessageStatus } from './schema';
import { messageSpec } from './spec';

export const MESSAGE_STATUS_OPTIONS: Option<MessageStatus>[] = [
  { value: 'unread', label: msg`Unread`, color: 'orange' },
  { value: 'read', label: msg`Read`, color: 'blue' },
  { value: 'replied', label: msg`Replied`, color: 'green' },
];

/** /users/online?pageNum&pageSize&keyword&sort&order&status */
export const messageSearchSchema = searchSchemaOf(messageSpec);

/**
 * The `PUT /online` body for a message with some fields changed: the update schema is strict and
 * wants every field, so the rest come from the record as the console last saw it (with its version).
 */
export function messageUpdateBody(m: Message, patch: Partial<Pick<Message, 'status' | 'reply'>>) {
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

/** Opening an unread message marks it read (as an email client does); read and replied ones stay as they are. */
export const marksReadOnOpen = (m: Pick<Message, 'status'>) => m.status === 'unread';

/**
 * A link that writes to a message's contact (`mailto:` for an email address, `tel:` for a phone
 * number), undefined for anything else: Lectern itself sends the reader nothing, so this is how a
 * member reaches them at once.
 */
export function contactHref(contact: string): string | undefined {
  const c = contact.trim();
  if (/^[^\s@<>?&#%/]+@[^\s@<>?&#%/]+\.[^\s@<>?&#%/]+$/.test(c)) return `mailto:${c}`;
  if (/^\+?[\d\s().-]{5,20}$/.test(c) && /\d{5}/.test(c.replace(/\D/g, ''))) return `tel:${c.replace(/[^\d+]/g, '')}`;
  return undefined;
}
