import { describe, expect, it } from 'vitest';
import { contactHref, marksReadOnOpen, messageUpdateBody } from '../../../../src/resources/message/model';
import { type Message, messagePageSchema, messageUpdateSchema } from '../../../../src/resources/message/schema';

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

describe('contactHref', () => {
  it.each([
    ['wanda@example.com', 'mailto:wanda@example.com'],
    [' 13800001111 ', 'tel:13800001111'],
    ['+86 138-0000-1111', 'tel:+8613800001111'],
    ['at the front desk', undefined],
    ['1234', undefined],
    ['x@y.z?cc=all@evil.example', undefined],
  ])('%j → %j', (contact, href) => {
    expect(contactHref(contact)).toBe(href);
  });
});

describe('messagePageSchema', () => {
  const page = (body: object) => messagePageSchema.parse({ pageNum: 1, pageSize: 10, ...body });

  it('lists the newest received first when no sort is named', () => {
    expect(page({})).toMatchObject({ sort: 'createdAt', order: 'desc' });
    expect(page({ order: 'asc' })).toMatchObject({ sort: 'createdAt', order: 'asc' });
  });

  it('keeps a sort that is named', () => {
    expect(page({ sort: 'readerName', order: 'asc' })).toMatchObject({ sort: 'readerName', order: 'asc' });
  });
});
