import { beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../src/resources/book/schema';
import { bookInput, createCategory, createStaff, testServerForFile } from '../helpers/test-server';

/**
 * Writes with an `Idempotency-Key` (src/server/http/idempotency.ts): the service worker replays a
 * queued write whose answer it lost; the server applies it once and answers the replay from its
 * record. Books, because two identical books are allowed: without the key, a replay is a 2nd row.
 */
const s = testServerForFile();
let categoryId = 0;
let memberToken = '';
beforeAll(async () => {
  categoryId = await createCategory(s, 'Idempotent shelf');
  await createStaff(s, { userName: 'ivo', phone: '13900000951', roles: ['operator'], password: 'Ivo-pass-12345' });
  memberToken = (await s.login('ivo', 'Ivo-pass-12345')).body.data.token;
});

const postBook = (title: string, key?: string, token = s.adminToken) =>
  s.call<Book>('POST', '/book', {
    token,
    body: bookInput({ title, categoryId }),
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const booksTitled = async (title: string) =>
  (await s.db.selectFrom('book').select('id').where('title', '=', title).execute()).length;

describe('Idempotency-Key', () => {
  it('applies a create once: the replay gets the same answer, marked, and no second record', async () => {
    const first = await postBook('Once only', 'create-once-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await postBook('Once only', 'create-once-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await booksTitled('Once only')).toBe(1);
    // The audit trail saw one create too.
    const audit = await s.db
      .selectFrom('audit_log')
      .select('id')
      .where('resource', '=', 'book')
      .where('record_id', '=', first.body.data.id)
      .execute();
    expect(audit).toHaveLength(1);
    // Without a key, or with a new one, it is a new request.
    expect((await postBook('Once only')).status).toBe(201);
    expect((await postBook('Once only', 'create-once-2')).status).toBe(201);
    expect(await booksTitled('Once only')).toBe(3);
  });

  it('applies one of simultaneous requests with one key; the others replay it or are told it runs', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => postBook('Raced', 'raced-key')));
    expect(await booksTitled('Raced')).toBe(1);
    const processed = answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed'));
    expect(processed).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 201) expect(a.body).toEqual(processed[0]?.body);
      else expect([a.status, a.body.code, a.body.data]).toEqual([409, 40900, { idempotency: 'in_progress' }]);
    }
  });

  it('answers 409 with Retry-After while the first request with the key still runs', async () => {
    const staffId = (
      await s.db.selectFrom('staff').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    // The state a running first request leaves: the key claimed, no answer yet.
    await s.db
      .insertInto('idempotency_key')
      .values({
        staff_id: staffId,
        idem_key: 'still-running',
        method: 'POST',
        path: '/prod-api/book',
        created_at: s.now().toISOString(),
      })
      .execute();
    const res = await postBook('Waits', 'still-running');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 40900,
      msg: 'A request with this Idempotency-Key is still being processed: try again in a moment',
      data: { idempotency: 'in_progress' },
    });
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await booksTitled('Waits')).toBe(0);
  });

  it('refuses a key reused for another method or path as a field error, doing nothing', async () => {
    const made = await postBook('Keyed', 'reused-key');
    expect(made.status).toBe(201);
    const other = await s.call('DELETE', `/book/${made.body.data.id}`, {
      token: s.adminToken,
      headers: { 'Idempotency-Key': 'reused-key' },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 40000,
      data: {
        errors: [
          {
            path: 'Idempotency-Key',
            message: 'already used for POST /prod-api/book: a new request needs a new key',
            code: 'invalid',
          },
        ],
      },
    });
    expect(await booksTitled('Keyed')).toBe(1);
  });

  it('keeps keys per member: another member’s same key is their own request', async () => {
    await postBook('Mine', 'shared-name');
    const theirs = await postBook('Theirs', 'shared-name', memberToken);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await booksTitled('Theirs')).toBe(1);
  });

  it('replays refusals and deletes as they were answered', async () => {
    const made = await postBook('To update', undefined);
    const { id, version } = made.body.data;
    const stale = () =>
      s.call('PUT', '/book', {
        token: s.adminToken,
        body: { ...bookInput({ title: 'Stale edit', categoryId }), id, version: version + 5 },
        headers: { 'Idempotency-Key': 'stale-put' },
      });
    const first = await stale();
    expect(first.status).toBe(409);
    const replay = await stale();
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([409, 'true']);
    expect(replay.body).toEqual(first.body);

    const del = () =>
      s.call('DELETE', `/book/${id}`, { token: s.adminToken, headers: { 'Idempotency-Key': 'delete-once' } });
    expect((await del()).status).toBe(200);
    // Without the key the second delete would be a 404.
    const again = await del();
    expect([again.status, again.body.code, again.headers.get('idempotent-replayed')]).toEqual([200, 20000, 'true']);
  });

  it('checks the key: 1 to 100 letters, digits, _ or -', async () => {
    for (const key of ['', 'has space', 'x'.repeat(101), 'ünï']) {
      const res = await s.call('POST', '/book', {
        token: s.adminToken,
        body: bookInput({ title: 'Bad key', categoryId }),
        headers: { 'Idempotency-Key': key },
      });
      expect(res.status, key).toBe(400);
      expect(res.body.code).toBe(40000);
    }
    expect(await booksTitled('Bad key')).toBe(0);
    expect((await postBook('Long key', 'k'.repeat(100))).status).toBe(201);
  });

  it('needs a signed-in member before any key is looked at', async () => {
    const res = await s.call('POST', '/book', {
      body: bookInput({ title: 'Anonymous', categoryId }),
      headers: { 'Idempotency-Key': 'create-once-1' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(50008);
  });

  it('forgets keys after 24 hours: a retry that late is a new request', async () => {
    expect((await postBook('Late retry', 'late-key')).status).toBe(201);
    s.advance(24 * 3_600_000 + 60_000);
    // The tokens idle out meanwhile (720 minutes): sign in again.
    const token = (await s.login('admin', 'Admin-pass-123')).body.data.token;
    const late = await postBook('Late retry', 'late-key', token);
    expect(late.status).toBe(201);
    expect(late.headers.get('idempotent-replayed')).toBeNull();
    expect(await booksTitled('Late retry')).toBe(2);
    const keys = await s.db.selectFrom('idempotency_key').select('created_at').execute();
    expect(keys.every((k) => Date.parse(k.created_at) > s.now().getTime() - 24 * 3_600_000)).toBe(true);
  });
});
