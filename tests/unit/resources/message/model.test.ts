import { describe, expect, it } from 'vitest';
import { marksReadOnOpen, onlineUpdateBody } from '../../../../src/resources/message/model';
import { type Online, onlineUpdateSchema } from '../../../../src/resources/message/schema';

const message: Online = {
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

describe('onlineUpdateBody', () => {
  it('marks read with the version held and every other field unchanged', () => {
    const body = onlineUpdateBody(message, { status: 'read' });
    expect(body).toMatchObject({ id: 3, version: 1, readerName: 'Wanda', content: 'Hello?', status: 'read' });
    expect(onlineUpdateSchema.parse(body)).toMatchObject({ status: 'read' });
  });

  it('saves a reply as replied', () => {
    const body = onlineUpdateBody({ ...message, status: 'read', version: 2 }, { reply: 'Hi', status: 'replied' });
    expect(onlineUpdateSchema.parse(body)).toMatchObject({ version: 2, reply: 'Hi', status: 'replied' });
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
