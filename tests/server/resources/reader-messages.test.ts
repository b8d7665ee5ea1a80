import { beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../src/resources/message/schema';
import { create } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

/** POST /online/page with `readerId`: the messages a reader left, for their record page. */
const s = testServerForFile();
let token: string;
let ada: number;
beforeAll(async () => {
  token = s.adminToken;
  ada = (
    await create(s, 'users', { nickName: 'Ada', phone: '13700000011', email: 'ada@example.org', status: 'active' })
  ).id;
  await create(s, 'users', { nickName: 'Bob', phone: '13700000012', status: 'active' });
  for (const m of [
    { readerName: 'Ada', content: 'by her nickname' },
    { readerName: 'A. Lovelace', contact: '13700000011', content: 'by her phone' },
    { readerName: 'Someone', contact: 'ada@example.org', content: 'by her email' },
    { readerName: 'Bob', contact: '13700000012', content: "Bob's" },
    { readerName: 'Adam', contact: 'ada@example.org.cn', content: 'a near miss' },
  ])
    await create(s, 'online', m);
});

const page = (body: object) =>
  s.call<{ total: number; items: Message[] }>('POST', '/online/page', {
    token,
    body: { pageNum: 1, pageSize: 50, sort: 'createdAt', order: 'asc', ...body },
  });

describe('messages of one reader', () => {
  it('finds those under their nickname, phone or email, and no others', async () => {
    const res = await page({ readerId: ada });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((m) => m.content)).toEqual(['by her nickname', 'by her phone', 'by her email']);
    expect(res.body.data.total).toBe(3);
  });

  it('combines with the other filters and finds nothing for a reader who wrote none', async () => {
    expect((await page({ readerId: ada, keyword: 'phone' })).body.data.items.map((m) => m.content)).toEqual([
      'by her phone',
    ]);
    expect((await page({ readerId: 999_999 })).body.data.total).toBe(0);
  });

  it('refuses a reader id that is not a positive whole number', async () => {
    const res = await page({ readerId: 'ada' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('readerId');
  });
});
