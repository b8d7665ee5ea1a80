import { beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../src/resources/message/schema';
import { create, pageOf } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

/**
 * POST /online/page without a sort: the newest message first by when it was received, as an inbox
 * lists it. The times here run against the ids (as seeded or restored messages may), so the id's
 * order alone would put them wrong.
 */
const s = testServerForFile();
const RECEIVED = ['2026-05-03T08:00:00.000Z', '2026-05-01T08:00:00.000Z', '2026-05-02T08:00:00.000Z'];

beforeAll(async () => {
  for (const [i, at] of RECEIVED.entries()) {
    const m = await create(s, 'online', { readerName: `Orderly ${i}`, content: `received ${at.slice(0, 10)}` });
    await s.db.updateTable('message').set({ created_at: at, updated_at: at }).where('id', '=', m.id).execute();
  }
});

const contents = async (body: Record<string, unknown>) =>
  (await pageOf<Message>(s, 'online', { keyword: 'Orderly', ...body })).body.data.items.map((m) => m.content);

describe('the order of messages', () => {
  it('is newest received first when the request names no sort', async () => {
    expect(await contents({})).toEqual(['received 2026-05-03', 'received 2026-05-02', 'received 2026-05-01']);
  });

  it('keeps an order sent alone for the received time, and a named sort as asked', async () => {
    expect(await contents({ order: 'asc' })).toEqual([
      'received 2026-05-01',
      'received 2026-05-02',
      'received 2026-05-03',
    ]);
    expect(await contents({ sort: 'id', order: 'asc' })).toEqual([
      'received 2026-05-03',
      'received 2026-05-01',
      'received 2026-05-02',
    ]);
  });
});
