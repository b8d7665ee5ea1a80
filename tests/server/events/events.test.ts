import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/envelope';
import {
  type ChangeEvent,
  type CountsEvent,
  EVENT_POSITION_HEADER,
  type PresenceEvent,
} from '../../../src/contract/events';
import { create } from '../helpers/crud';
import { openStream, presenceEvent, type SseEvent, type SseStream } from '../helpers/sse';
import { createBook, createCategory, createStaff, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The live stream (events/): real HTTP against a real server, on SQLite or (DATABASE_URL)
 * PostgreSQL, where even one instance's events go through NOTIFY and come back over LISTEN.
 */
let s: TestServer;
let category: number;
let readerId: number;
const open: SseStream[] = [];

beforeAll(async () => {
  s = await startTestServer({ config: { events: { heartbeatMs: 300, sessionCheckMs: 300 } } });
  category = await createCategory(s, 'Live');
  readerId = (await create(s, 'users', { nickName: 'Live reader', phone: '13700000000', status: 'active' })).id;
});
afterAll(async () => {
  for (const st of open) st.close();
  await s.close();
});

async function stream(opts: Parameters<typeof openStream>[1]) {
  const st = await openStream(s.url, opts);
  open.push(st);
  return st;
}

const isChange = (resource: string, id: number, action?: string) => (e: SseEvent) =>
  e.event === 'change' &&
  (e.data as ChangeEvent).resource === resource &&
  (e.data as ChangeEvent).id === id &&
  (!action || (e.data as ChangeEvent).action === action);

async function signIn(userName: string, roles: string[], phone: string) {
  const password = `${userName}-Pass-4821`;
  await createStaff(s, { userName, phone, roles, password });
  const res = await s.login(userName, password);
  return res.body.data.token;
}

describe('GET /prod-api/events', () => {
  it('refuses a request without a session, or with an ended one, with the JSON envelope', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const st = await stream({ token });
      expect(st.status).toBe(401);
      expect(st.headers.get('content-type')).toContain('application/json');
    }
    const res = await fetch(`${s.url}/prod-api/events`);
    expect(((await res.json()) as { code: number }).code).toBe(Code.IllegalToken);
  });

  it('starts with ready and the counts, then delivers every committed change with its actor and version', async () => {
    const st = await stream({ token: s.adminToken });
    expect(st.status).toBe(200);
    expect(st.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(st.headers.get('cache-control')).toBe('no-store');
    const ready = await st.next((e) => e.event === 'ready');
    expect(ready.id).toBeTruthy();
    const counts = await st.next((e) => e.event === 'counts');
    expect(counts.data).toEqual({ pendingApplications: 0, unreadMessages: 0, overdueLoans: 0 });

    const book = await createBook(s, { title: 'Streamed', categoryId: category });
    const created = await st.next(isChange('book', book.id, 'create'));
    expect(created.data).toMatchObject({
      resource: 'book',
      id: book.id,
      version: 0,
      actor: { name: expect.any(String) },
    });
    expect(created.id).toMatch(/^[0-9a-f]+-\d+$/);

    const edit = (version: number) =>
      s.call<{ version: number }>('PUT', '/book', {
        token: s.adminToken,
        body: { ...book, version, title: 'Streamed, edited' },
      });
    expect((await edit(0)).status).toBe(200);
    expect((await st.next(isChange('book', book.id, 'update'))).data).toMatchObject({ version: 1 });
    // A refused write (stale version) publishes nothing: the next event is the next real change.
    expect((await edit(0)).status).toBe(409);
    const count = st.events.length;
    const cat = await createCategory(s, 'After the conflict');
    await st.next(isChange('category', cat, 'create'));
    expect(st.events.slice(count).filter((e) => e.event === 'change')).toHaveLength(1);

    expect((await s.call('DELETE', `/book/${book.id}`, { token: s.adminToken })).status).toBe(200);
    expect((await st.next(isChange('book', book.id, 'delete'))).data).toMatchObject({ version: null });
  });

  it('recounts pending applications and unread messages when they change', async () => {
    const st = await stream({ token: s.adminToken });
    const first = (await st.next((e) => e.event === 'counts')).data as CountsEvent;
    const book = await createBook(s, { categoryId: category, stock: 2 });
    const app = await create(s, 'apply', { userId: readerId, bookId: book.id });
    await st.next(
      (e) => e.event === 'counts' && (e.data as CountsEvent).pendingApplications === first.pendingApplications + 1,
    );
    const msg = await create(s, 'online', { readerName: 'Asker', content: 'Is it on the shelf?', status: 'unread' });
    await st.next((e) => e.event === 'counts' && (e.data as CountsEvent).unreadMessages === first.unreadMessages + 1);
    // Approving (the transition route, not the generic machinery) takes it off the count and
    // changes the book's stock: both records are announced.
    const approved = await s.call('PUT', '/apply', {
      token: s.adminToken,
      body: { id: app.id, version: app.version, status: 'approved' },
    });
    expect(approved.status).toBe(200);
    await st.next(isChange('application', app.id as number, 'update'));
    expect((await st.next(isChange('book', book.id, 'update'))).data).toMatchObject({ version: book.version + 1 });
    await st.next(
      (e) =>
        e.event === 'counts' &&
        (e.data as CountsEvent).pendingApplications === first.pendingApplications &&
        (e.data as CountsEvent).unreadMessages === first.unreadMessages + 1,
    );
    expect(msg.id).toBeGreaterThan(0);
  });

  it('announces every record an import creates and a batch edit changes, and recounts after a batch', async () => {
    const st = await stream({ token: s.adminToken });
    const first = (await st.next((e) => e.event === 'counts')).data as CountsEvent;
    const form = new FormData();
    const csv = `title,author,categoryId,stock,status\nImported one,Ann,${category},1,on_shelf\nImported two,Bo,${category},2,on_shelf`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'books.csv');
    const res = await fetch(`${s.url}/prod-api/book/import`, {
      method: 'POST',
      body: form,
      headers: { 'X-Token': s.adminToken },
    });
    expect(res.status).toBe(201);
    const one = (await st.next((e) => e.event === 'change' && (e.data as ChangeEvent).action === 'create')).data;
    const two = await st.next(
      (e) =>
        e.event === 'change' &&
        (e.data as ChangeEvent).action === 'create' &&
        (e.data as ChangeEvent).id !== (one as ChangeEvent).id,
    );
    expect([one, two.data]).toEqual([
      expect.objectContaining({ resource: 'book', version: 0 }),
      expect.objectContaining({ resource: 'book', version: 0 }),
    ]);

    const msgs = [
      await create(s, 'online', { readerName: 'Batch', content: 'First', status: 'unread' }),
      await create(s, 'online', { readerName: 'Batch', content: 'Second', status: 'unread' }),
    ];
    await st.next((e) => e.event === 'counts' && (e.data as CountsEvent).unreadMessages === first.unreadMessages + 2);
    const batch = await s.call('POST', '/online/batch', {
      token: s.adminToken,
      body: { ids: msgs.map((m) => ({ id: m.id, version: m.version })), set: { status: 'read' } },
    });
    expect(batch.status).toBe(200);
    for (const m of msgs) {
      expect((await st.next(isChange('message', m.id as number, 'update'))).data).toMatchObject({
        version: (m.version as number) + 1,
      });
    }
    await st.next((e) => e.event === 'counts' && (e.data as CountsEvent).unreadMessages === first.unreadMessages);
  });

  it('resumes with Last-Event-ID: what happened while disconnected is replayed, in order; an unknown id gets reset', async () => {
    const st = await stream({ token: s.adminToken });
    const ready = await st.next((e) => e.event === 'ready');
    // Another tab stays connected: once it has seen both changes, the instance holds them (on
    // PostgreSQL they reach it by LISTEN/NOTIFY, a moment after the write's answer).
    const witness = await stream({ token: s.adminToken });
    await witness.next((e) => e.event === 'ready');
    st.close();
    const a = await createCategory(s, 'While away 1');
    const b = await createCategory(s, 'While away 2');
    await witness.next(isChange('category', b, 'create'));
    witness.close();
    const back = await stream({ token: s.adminToken, lastEventId: ready.id });
    const replayed = await back.next(isChange('category', b, 'create'));
    const changes = back.events.filter((e) => e.event === 'change').map((e) => (e.data as ChangeEvent).id);
    expect(changes).toEqual([a, b]);
    // Replayed before ready, whose id is the newest: resuming from it replays nothing.
    const again = await back.next((e) => e.event === 'ready');
    expect(back.events.indexOf(again)).toBeGreaterThan(back.events.indexOf(replayed));
    expect(again.id).toBe(replayed.id);
    const none = await stream({ token: s.adminToken, lastEventId: again.id });
    await none.next((e) => e.event === 'counts');
    expect(none.events.filter((e) => e.event === 'change' || e.event === 'reset')).toEqual([]);

    const lost = await stream({ token: s.adminToken, lastEventId: 'ffffffff-12' });
    await lost.next((e) => e.event === 'reset');
  });

  it('gives the position each answer was read at; a stream resuming there gets only what changed since', async () => {
    const page = () =>
      fetch(`${s.url}/prod-api/category/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Token': s.adminToken },
        body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
      });
    const read = (await page()).headers.get(EVENT_POSITION_HEADER);
    expect(read).toMatch(/^[0-9a-f]+-\d+$/);
    // Nothing changed: the next read is at the same position, and a stream from there replays nothing.
    expect((await page()).headers.get(EVENT_POSITION_HEADER)).toBe(read);
    const quiet = await stream({ token: s.adminToken, lastEventId: read ?? '' });
    await quiet.next((e) => e.event === 'counts');
    expect(quiet.events.filter((e) => e.event === 'change' || e.event === 'reset')).toEqual([]);
    quiet.close();
    // A change after the read: a stream opened later from the read's position gets that change only.
    const later = await createCategory(s, 'After the read');
    const moved = (await page()).headers.get(EVENT_POSITION_HEADER);
    expect(moved).not.toBe(read);
    const st = await stream({ token: s.adminToken, lastEventId: read ?? '' });
    await st.next((e) => e.event === 'ready');
    expect(st.events.filter((e) => e.event === 'change').map((e) => (e.data as ChangeEvent).id)).toEqual([later]);
    expect(st.events.filter((e) => e.event === 'reset')).toEqual([]);
    // Not on the stream itself, nor before the session is known.
    expect(st.headers?.get(EVENT_POSITION_HEADER) ?? null).toBeNull();
    const anonymous = await fetch(`${s.url}/prod-api/category/page`, { method: 'POST', body: '{}' });
    expect(anonymous.headers.get(EVENT_POSITION_HEADER)).toBeNull();
  });

  it('counts its open streams in /metrics', async () => {
    const gauge = async () => {
      const text = await (await fetch(`${s.url}/metrics`)).text();
      return Number(/^lectern_event_stream_clients (\d+)$/m.exec(text)?.[1]);
    };
    const before = await gauge();
    const st = await stream({ token: s.adminToken });
    await st.next((e) => e.event === 'ready');
    expect(await gauge()).toBe(before + 1);
    st.close();
    await expect.poll(gauge, { timeout: 5000 }).toBe(before);
  });

  it('sends heartbeats and ends the stream when the session is signed out', async () => {
    const token = (await s.login('admin', 'Admin-pass-123')).body.data.token;
    const st = await stream({ token });
    await st.next((e) => e.event === 'ready');
    await expect.poll(() => st.comments, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await s.call('POST', '/auth/logout', { token })).status).toBe(200);
    let ended = false;
    void st.ended.then(() => {
      ended = true;
    });
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
  });

  it('ends the stream once the session has been idle too long', async () => {
    const token = (await s.login('admin', 'Admin-pass-123')).body.data.token;
    const st = await stream({ token });
    await st.next((e) => e.event === 'ready');
    s.advance(721 * 60_000);
    let ended = false;
    void st.ended.then(() => {
      ended = true;
    });
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
    s.advance(-721 * 60_000);
  });

  it("staff accounts' changes reach admins only", async () => {
    const opToken = await signIn('live-op', ['operator'], '13700000001');
    const op = await stream({ token: opToken });
    const admin = await stream({ token: s.adminToken });
    await op.next((e) => e.event === 'ready');
    await admin.next((e) => e.event === 'ready');
    const staffId = (
      await create(s, 'user', {
        userName: 'live-new',
        phone: '13700000002',
        name: 'New',
        roles: ['operator'],
        status: 'active',
        password: 'Some-long-pass-991',
      })
    ).id as number;
    await admin.next(isChange('staff', staffId, 'create'));
    // A later change both see proves the operator's stream was live when the staff change passed.
    const cat = await createCategory(s, 'Seen by both');
    await op.next(isChange('category', cat, 'create'));
    expect(op.events.some((e) => e.event === 'change' && (e.data as ChangeEvent).resource === 'staff')).toBe(false);
  });
});

describe('POST /prod-api/presence', () => {
  it("shows who has a record's form open, and forgets them when the form closes or their stream drops", async () => {
    const otherToken = await signIn('live-editor', ['operator'], '13700000003');
    const book = await createBook(s, { categoryId: category });
    const watcher = await stream({ token: s.adminToken, clientId: 'watcher-tab-1' });
    await watcher.next((e) => e.event === 'ready');
    const editorStream = await stream({ token: otherToken, clientId: 'editor-tab-1' });
    await editorStream.next((e) => e.event === 'ready');

    const presence = (token: string, clientId: string, editing: boolean) =>
      s.call<{ editors: { name: string; clientId: string }[] }>('POST', '/presence', {
        token,
        body: { resource: 'book', id: book.id, clientId, editing },
      });
    expect((await presence(otherToken, 'editor-tab-1', true)).status).toBe(200);
    const seen = (await watcher.next(presenceEvent(watcher, { editors: 1 }))) as { data: PresenceEvent };
    expect(seen.data).toMatchObject({ resource: 'book', id: book.id, editors: [{ clientId: 'editor-tab-1' }] });
    // The admin opening the same form is told who is there already.
    const answer = await presence(s.adminToken, 'watcher-tab-1', true);
    expect(answer.body.data.editors.map((e) => e.clientId)).toContain('editor-tab-1');
    expect(await presence(s.adminToken, 'watcher-tab-1', false)).toMatchObject({ status: 200 });

    // Closing the form.
    await presence(otherToken, 'editor-tab-1', false);
    await watcher.next(presenceEvent(watcher, { editors: 0, id: book.id }));
    // Opening again, then the editor's stream drops (tab closed, network gone).
    const count = watcher.events.length;
    await presence(otherToken, 'editor-tab-1', true);
    const reopened = await watcher.next(presenceEvent(watcher, { editors: 1, from: count }));
    editorStream.close();
    await watcher.next(presenceEvent(watcher, { editors: 0, from: watcher.events.indexOf(reopened) + 1 }));
  });

  it('checks its input and the role of the resource', async () => {
    const opToken = await signIn('live-op2', ['operator'], '13700000004');
    const cases: [string | undefined, unknown, number][] = [
      [s.adminToken, { resource: 'nothing', id: 1, clientId: 'abcdefgh', editing: true }, 400],
      [s.adminToken, { resource: 'book', id: 0, clientId: 'abcdefgh', editing: true }, 400],
      [s.adminToken, { resource: 'book', id: 1, clientId: 'short', editing: true }, 400],
      [s.adminToken, { resource: 'book', id: 1, clientId: 'abcdefgh', editing: true, extra: 1 }, 400],
      [opToken, { resource: 'staff', id: 1, clientId: 'abcdefgh', editing: true }, 403],
      [undefined, { resource: 'book', id: 1, clientId: 'abcdefgh', editing: true }, 401],
    ];
    for (const [token, body, status] of cases) {
      expect((await s.call('POST', '/presence', { token, body })).status, JSON.stringify(body)).toBe(status);
    }
  });
});
