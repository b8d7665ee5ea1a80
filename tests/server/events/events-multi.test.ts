import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent, CountsEvent, PresenceEvent } from '../../../src/contract/events';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../helpers/database';
import { type Spawned, signInAdmin, spawnServer } from '../helpers/spawn-server';
import { openStream, presenceEvent, type SseEvent, type SseStream } from '../helpers/sse';

/**
 * The live stream across two real server processes (main.ts) over one PostgreSQL database, as
 * behind a load balancer: a write through one instance reaches streams held by the other through
 * LISTEN/NOTIFY; a stream resumed on the other instance replays what it missed; presence crosses
 * too. Runs where DATABASE_URL is set (tests/server/pg/run.sh).
 */
const enabled = !!process.env.DATABASE_URL;
const PASSWORD = 'Events-admin-pass-1';

let dir: string;
let dbName: string;
let a: Spawned;
let b: Spawned;
let tokenA: string;
let tokenB: string;
const streams: SseStream[] = [];

async function call<T>(server: Spawned, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}/prod-api${path}`, {
    method,
    headers: { 'X-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: T } };
}

async function stream(server: Spawned, token: string, opts: { lastEventId?: string; clientId?: string } = {}) {
  const st = await openStream(server.url, { token, ...opts });
  streams.push(st);
  expect(st.status).toBe(200);
  return st;
}

const isChange = (resource: string, id: number) => (e: SseEvent) =>
  e.event === 'change' && (e.data as ChangeEvent).resource === resource && (e.data as ChangeEvent).id === id;

beforeAll(async () => {
  if (!enabled) return;
  dir = await mkdtemp(join(tmpdir(), 'lectern-events-'));
  dbName = uniqueDatabaseName('lectern_events');
  const dbUrl = await createDatabase(dbName);
  const env = {
    DATABASE_URL: dbUrl,
    LECTERN_DATA: join(dir, 'shared-data'),
    LECTERN_DIST: join(dir, 'no-dist'),
    LECTERN_ADMIN_PASSWORD: PASSWORD,
    LECTERN_DB_POOL_SIZE: '3',
  };
  a = await spawnServer(env, 60_000);
  b = await spawnServer(env, 60_000);
  tokenA = await signInAdmin(a.url, PASSWORD);
  tokenB = await signInAdmin(b.url, PASSWORD);
}, 120_000);

afterAll(async () => {
  if (!enabled) return;
  for (const st of streams) st.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabase(dbName);
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!enabled)('live events across two instances on PostgreSQL', () => {
  it('a write through one instance reaches a stream held by the other, counts included', async () => {
    const onB = await stream(b, tokenB);
    await onB.next((e) => e.event === 'counts');
    const cat = await call<{ id: number }>(a, 'POST', '/category', tokenA, { name: 'Made on A' });
    expect(cat.status).toBe(201);
    const seen = await onB.next(isChange('category', cat.body.data.id));
    expect(seen.data).toMatchObject({ action: 'create', version: 0, actor: { id: 1 } });

    const reader = await call<{ id: number }>(a, 'POST', '/users', tokenA, {
      nickName: 'Remote reader',
      phone: '13800000000',
      status: 'active',
    });
    const book = await call<{ id: number }>(a, 'POST', '/book', tokenA, {
      title: 'Remote book',
      author: 'Someone',
      categoryId: cat.body.data.id,
      stock: 1,
      status: 'on_shelf',
    });
    expect(book.status).toBe(201);
    // As a reader would: the application is created through the API on instance A.
    const app = await call<{ id: number }>(a, 'POST', '/apply', tokenA, {
      userId: reader.body.data.id,
      bookId: book.body.data.id,
    });
    expect(app.status).toBe(201);
    await onB.next(isChange('application', app.body.data.id));
    await onB.next((e) => e.event === 'counts' && (e.data as CountsEvent).pendingApplications === 1);
  });

  it('a stream dropped on one instance resumes on the other with Last-Event-ID, missing nothing', async () => {
    const onA = await stream(a, tokenA);
    const ready = await onA.next((e) => e.event === 'ready');
    const first = await call<{ id: number }>(a, 'POST', '/category', tokenA, { name: 'Before the drop' });
    const last = await onA.next(isChange('category', first.body.data.id));
    onA.close();
    const ids: number[] = [];
    for (const [server, token, name] of [
      [a, tokenA, 'Away on A'],
      [b, tokenB, 'Away on B'],
    ] as const) {
      ids.push((await call<{ id: number }>(server, 'POST', '/category', token, { name })).body.data.id);
    }
    // Resumed on B from the id A gave: both writes made while away, in order, nothing before.
    const onB = await stream(b, tokenB, { lastEventId: last.id });
    await onB.next(isChange('category', ids[1] as number));
    const replayed = onB.events.filter((e) => e.event === 'change').map((e) => (e.data as ChangeEvent).id);
    expect(replayed).toEqual(ids);
    expect(onB.events.some((e) => e.event === 'reset')).toBe(false);
    // And from the very first ready id (A's ring start or newest id) B knows where it is too.
    const fromReady = await stream(b, tokenB, { lastEventId: ready.id });
    await fromReady.next((e) => e.event === 'ready');
    expect(fromReady.events.some((e) => e.event === 'change' && (e.data as ChangeEvent).id === ids[1])).toBe(true);
  });

  it('presence posted on one instance is shown on the other, and goes when the editor’s stream drops', async () => {
    const watcher = await stream(b, tokenB, { clientId: 'watcher-on-b' });
    await watcher.next((e) => e.event === 'ready');
    const editor = await stream(a, tokenA, { clientId: 'editor-on-a' });
    await editor.next((e) => e.event === 'ready');
    const posted = await call(a, 'POST', '/presence', tokenA, {
      resource: 'book',
      id: 1,
      clientId: 'editor-on-a',
      editing: true,
    });
    expect(posted.status).toBe(200);
    const shown = await watcher.next(presenceEvent(watcher, { editors: 1 }));
    expect((shown.data as PresenceEvent).editors[0]).toMatchObject({ clientId: 'editor-on-a', staffId: 1 });
    editor.close();
    await watcher.next(presenceEvent(watcher, { editors: 0, from: watcher.events.indexOf(shown) + 1 }));
  });

  it('SIGTERM ends open streams at once, so the graceful drain (30 s grace) is not held up', async () => {
    const st = await stream(b, tokenB);
    await st.next((e) => e.event === 'ready');
    const started = Date.now();
    b.child.kill('SIGTERM');
    await st.ended;
    const code = b.child.exitCode ?? (await new Promise<number | null>((r) => b.child.once('exit', r)));
    expect(code, b.output().slice(-3000)).toBe(0);
    // Well inside the 30 s grace: the stream was closed by the server, not cut at the deadline.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
