import { describe, expect, it } from 'vitest';
import { marksReadOnOpen, messageUpdateBody } from '../../../../src/resources/message/model';
import { type Message, messageUpdateSchema } from '../../../../src/resources/message/schema';

const message: Message = {
  id: 3,
  version: 1,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  readerName: 'Wanda',
  contact: null,
  content: 'Hello?',
  reply: null,
  status: 'unread',
};

describe('messageUpdateBody', () => {
  it('marks read with the version held and every other field unchanged', () => {
    const body = messageUpdateBody(message, { status: 'read' });
    expect(body).toMatchObject({ id: 3, version: 1, readerName: 'Wanda', content: 'Hello?', status: 'read' });
    expect(messageUpdateSchema.parse(body)).toMatchObject({ status: 'read' });
  });

  it('saves a reply as replied', () => {
    const body = messageUpdateBody({ ...message, status: 'read', version: 2 }, { reply: 'Hi', status: 'replied' });
    expect(messageUpdateSchema.parse(body)).toMatchObject({ version: 2, reply: 'Hi', status: 'replied' });
  });
});

describe('marksReadOnOpen', () => {
  it.each([
    ['unread', true],
    ['read', false],
    ['replied', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(marksReadOnOpen({ status })).toBe(expected);
  });
});
