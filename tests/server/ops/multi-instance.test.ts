import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OSS from 'ali-oss';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/contract/envelope';
import { migrationsFor } from '../../../src/server/db/migrations';
import { createDatabase, dropDatabase, pgQuery, uniqueDatabaseName } from '../helpers/database';
import { type Spawned, spawnServer } from '../helpers/spawn-server';
import { type Credential, ossOptions, signedParams, type Ticket, uploadInTwoParts, uploadTarget } from '../vod/helpers';

/**
 * Two real server processes (main.ts) on different ports over one PostgreSQL database
 * and one shared LECTERN_DATA folder, as behind a load balancer. Runs where DATABASE_URL is set
 * (tests/server/pg/run.sh); skipped on a SQLite-only run.
 */
const enabled = !!process.env.DATABASE_URL;
const PASSWORD = 'Multi-admin-pass-1';
const MAX_FAILURES = 4;

let dir: string;
let dbName: string;
let dbUrl: string;
let a: Spawned;
let b: Spawned;

interface Reply<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

async function call<T = unknown>(
  server: Spawned,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; forwardedFor?: string; cookie?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.token) headers['X-Token'] = opts.token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.forwardedFor) headers['X-Forwarded-For'] = opts.forwardedFor;
  const res = await fetch(`${server.url}/prod-api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
}

const login = (server: Spawned, userName: string, password: string, forwardedFor?: string, cookie?: string) =>
  call<{ token: string } | null>(server, 'POST', '/auth/login', {
    body: { userName, password },
    forwardedFor,
    cookie,
  });

async function created<T extends { id: number }>(server: Spawned, token: string, path: string, body: unknown) {
  const res = await call<T>(server, 'POST', path, { token, body });
  if (res.status !== 201) throw new Error(`POST ${path}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => pgQuery<T>(dbUrl, text, values);

beforeAll(async () => {
  if (!enabled) return;
  dir = await mkdtemp(join(tmpdir(), 'lectern-multi-'));
  dbName = uniqueDatabaseName('lectern_multi');
  dbUrl = await createDatabase(dbName);
  const env = {
    DATABASE_URL: dbUrl,
    LECTERN_DATA: join(dir, 'shared-data'),
    LECTERN_DIST: join(dir, 'no-dist'),
    LECTERN_ADMIN_PASSWORD: PASSWORD,
    LECTERN_LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    LECTERN_LOGIN_SLOWDOWN_MS: '0',
    // The client address comes from X-Forwarded-For, as behind the load balancer.
    LECTERN_TRUST_PROXY: '1',
    LECTERN_DB_POOL_SIZE: '5',
  };
  // Both start at the same moment on an empty database: the advisory lock serialises migrations.
  [a, b] = await Promise.all([spawnServer(env, 60_000), spawnServer(env, 60_000)]);
}, 120_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabase(dbName);
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!enabled)('two server instances over one PostgreSQL', () => {
  it('both started together on an empty database: migrations ran once, one admin', async () => {
    expect(a.url).not.toBe(b.url);
    const migrations = await query<{ name: string }>('select name from kysely_migration order by name');
    // Each migration of this build once (a second run would have failed on its own tables).
    expect(migrations.map((m) => m.name)).toEqual(Object.keys(migrationsFor('postgres')).sort());
    expect(await query('select id from staff')).toHaveLength(1);
    for (const s of [a, b]) expect((await login(s, 'admin', PASSWORD)).status).toBe(200);
    const info = await call<{ database: string }>(b, 'GET', '/system/info', {
      token: (await login(a, 'admin', PASSWORD)).body.data?.token,
    });
    expect(info.body.data.database).toBe('postgres');
  });

  it('a token from a sign-in on one instance works on the other; signing out on either ends it on both', async () => {
    const signedIn = await login(a, 'admin', PASSWORD, '10.0.0.1');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data?.token as string;
    const info = await call<{ name: string; roles: string[] }>(b, 'GET', '/auth/info', { token });
    expect(info.status).toBe(200);
    expect(info.body.data.roles).toEqual(['admin']);
    // A write through B with A's token, read back through A.
    const cat = await created<{ id: number; name: string }>(b, token, '/category', { name: 'Made on B' });
    const list = await call<{ id: number; name: string }[]>(a, 'GET', '/category/list', { token });
    expect(list.body.data.map((c) => c.name)).toContain('Made on B');
    expect(cat.id).toBeGreaterThan(0);

    expect((await call(b, 'POST', '/auth/logout', { token })).status).toBe(200);
    for (const s of [a, b]) {
      const after = await call(s, 'GET', '/auth/info', { token });
      expect(after.status).toBe(401);
    }
  });

  it('counts failed sign-ins across both instances: the limit holds when attempts alternate', async () => {
    const token = (await login(a, 'admin', PASSWORD, '10.0.0.2')).body.data?.token as string;
    await created(a, token, '/user', {
      userName: 'split',
      phone: '13900000077',
      name: 'Split',
      roles: ['operator'],
      status: 'active',
      password: 'Split-pass-123',
    });
    // Each attempt from its own address, so only the per-account count can trip the limit.
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await login(i % 2 === 0 ? a : b, 'split', 'wrong-password', `10.1.0.${i}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.body.code).toBe(60204);
    }
    // Neither instance alone saw MAX_FAILURES failures, yet both refuse now, even the right password.
    for (const s of [a, b]) {
      const refused = await login(s, 'split', 'Split-pass-123', '10.1.1.1');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(42900);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rows = await query<{ failures: number }>(`select failures from login_attempt where key = 'acct:split'`);
    expect(rows[0]?.failures).toBe(MAX_FAILURES);
  });

  /**
   * A member created by the admin on `server`, who then replaced the admin's password with their
   * own as the first sign-in requires; returns their device cookie from that sign-in.
   */
  async function readyMember(server: Spawned, adminToken: string, userName: string, phone: string, password: string) {
    const initial = `Set-by-admin-${userName}-1`;
    await created(server, adminToken, '/user', {
      userName,
      phone,
      name: userName,
      roles: ['operator'],
      status: 'active',
      password: initial,
    });
    const first = await login(server, userName, initial, '10.2.0.1');
    const token = first.body.data?.token as string;
    const changed = await call(server, 'PUT', '/auth/password', {
      token,
      body: { oldPassword: initial, newPassword: password },
    });
    expect(changed.status).toBe(200);
    return first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  it('checks at most the limit of 40 simultaneous guesses spread over both instances', async () => {
    const token = (await login(a, 'admin', PASSWORD, '10.0.0.5')).body.data?.token as string;
    await readyMember(a, token, 'racer', '13900000078', 'Racer-pass-123');
    const failures = async () =>
      (await query<{ failures: number }>(`select failures from login_attempt where key = 'acct:racer'`))[0]?.failures;
    const guesses = Array.from({ length: 39 }, (_, i) =>
      login(i % 2 === 0 ? a : b, 'racer', `wrong-guess-${i}`, `10.3.${i}.1`),
    );
    // The right password goes out, through either instance, once the slots are taken.
    const started = Date.now();
    while ((await failures()) !== MAX_FAILURES) {
      if (Date.now() - started > 20_000) throw new Error('the reservations never reached the limit');
      await new Promise((r) => setTimeout(r, 10));
    }
    const right = await Promise.all([a, b].map((s) => login(s, 'racer', 'Racer-pass-123', '10.3.200.1')));
    const results = await Promise.all(guesses);
    for (const r of right) expect([r.status, r.body.code]).toEqual([429, 42900]);
    expect(results.filter((r) => r.body.code === 60204)).toHaveLength(MAX_FAILURES);
    expect(results.filter((r) => r.body.code === 42900)).toHaveLength(39 - MAX_FAILURES);
    expect(await failures()).toBe(MAX_FAILURES);
  });

  it('a device cookie one instance issued is trusted by the other while strangers have locked the account', async () => {
    const token = (await login(b, 'admin', PASSWORD, '10.0.0.6')).body.data?.token as string;
    const cookie = await readyMember(b, token, 'trusty', '13900000079', 'Trusty-pass-123');
    for (let i = 0; i < MAX_FAILURES; i++) await login(i % 2 === 0 ? a : b, 'trusty', 'guess', `10.4.${i}.1`);
    for (const s of [a, b]) expect((await login(s, 'trusty', 'Trusty-pass-123', '10.2.0.1')).status).toBe(429);
    for (const s of [a, b]) expect((await login(s, 'trusty', 'Trusty-pass-123', '10.2.0.1', cookie)).status).toBe(200);
  });

  it('two concurrent approvals of the last copy through different instances: exactly one succeeds', async () => {
    const token = (await login(a, 'admin', PASSWORD, '10.0.0.3')).body.data?.token as string;
    const category = await created<{ id: number }>(a, token, '/category', { name: 'Last copies' });
    const reader = await created<{ id: number }>(a, token, '/users', {
      nickName: 'Racer',
      phone: '13600000099',
      status: 'active',
    });
    // Several rounds: each a book with one copy and two pending applications, approved at once.
    for (let round = 0; round < 8; round++) {
      const book = await created<{ id: number }>(b, token, '/book', {
        title: `Only copy ${round}`,
        author: 'Someone',
        categoryId: category.id,
        stock: 1,
        status: 'on_shelf',
      });
      const apps = await Promise.all(
        [a, b].map((s) =>
          created<{ id: number; version: number }>(s, token, '/apply', { userId: reader.id, bookId: book.id }),
        ),
      );
      const results = await Promise.all(
        apps.map((app, i) =>
          call<{ status: string }>(i === 0 ? a : b, 'PUT', '/apply', {
            token,
            body: { id: app.id, version: app.version, status: 'approved' },
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409);
      expect(loser?.body.msg).toMatch(/No copies/);
      const [stock] = await query<{ stock: number }>('select stock from book where id = $1', [book.id]);
      expect(stock?.stock).toBe(0);
      const approved = await query('select id from application where book_id = $1 and status = $2', [
        book.id,
        'approved',
      ]);
      expect(approved).toHaveLength(1);
    }
    expect(await query('select id from book where stock < 0')).toEqual([]);
  });

  it('a video upload moves between instances: RPC nonces, credentials, multipart parts and objects are shared', async () => {
    const token = (await login(a, 'admin', PASSWORD, '10.0.0.4')).body.data?.token as string;
    const credRes = await call<Credential>(a, 'GET', '/video/upload/credential', { token });
    expect(credRes.status).toBe(200);
    const cred = credRes.body.data;
    expect(cred.vodEndpoint).toBe(`${a.url}/vod`);

    // The credential A issued, used on B; the same signed request replayed on A is refused (nonce).
    const q = signedParams('GET', 'CreateUploadVideo', { Title: 'Shared', FileName: 'shared.mp4', FileSize: 1 }, cred);
    const first = await fetch(`${b.url}/vod?${new URLSearchParams(q)}`);
    expect(first.status).toBe(200);
    const ticket = (await first.json()) as Ticket;
    const replay = await fetch(`${a.url}/vod?${new URLSearchParams(q)}`);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { Code: string }).Code).toMatch(/Nonce/i);

    // A multipart upload begun on B, one part through each instance, completed on A, read on B.
    const { address, auth, client: onB } = uploadTarget(ticket);
    expect(address.Endpoint).toBe(b.url);
    const data = randomBytes(300 * 1024 + 77);
    const file = join(dir, 'shared.mp4');
    await writeFile(file, data);
    const onA = new OSS(ossOptions({ ...address, Endpoint: a.url }, auth));
    await uploadInTwoParts(onB, onA, address.FileName, file, 200 * 1024, data.length);
    const got = Buffer.from(await (await fetch(`${b.url}/${address.Bucket}/${address.FileName}`)).arrayBuffer());
    expect(createHash('md5').update(got).digest('hex')).toBe(createHash('md5').update(data).digest('hex'));
    const [video] = await query<{ status: string; file_size: string }>(
      'select status, file_size from video where video_id = $1',
      [ticket.VideoId],
    );
    // Complete: processing is queued (these bytes are no video: it ends TranscodeFail).
    expect(['UploadSucc', 'Transcoding', 'TranscodeFail']).toContain(video?.status);
    expect(Number(video?.file_size)).toBe(data.length);
  });

  it('two instances started together with LECTERN_SEED=demo on an empty database seed it once', async () => {
    const name = uniqueDatabaseName('lectern_multi_demo');
    const url = await createDatabase(name);
    const env = {
      DATABASE_URL: url,
      LECTERN_DATA: join(dir, 'demo-data'),
      LECTERN_DIST: join(dir, 'no-dist'),
      LECTERN_SEED: 'demo',
    };
    const pair = await Promise.all([spawnServer(env, 60_000), spawnServer(env, 60_000)]);
    try {
      const outputs = pair.map((s) => s.output());
      // Exactly one created the admin (and printed its generated password) and exactly one seeded.
      expect(outputs.filter((o) => /First start: created the administrator/.test(o))).toHaveLength(1);
      expect(outputs.filter((o) => /Demo data: added 300 books/.test(o))).toHaveLength(1);
      const counts = await pgQuery<{ books: number; staff: number }>(
        url,
        'select (select count(*)::int from book) as books, (select count(*)::int from staff) as staff',
      );
      // The admin and the demo's member with two-step sign-in.
      expect(counts[0]).toEqual({ books: 300, staff: 2 });
    } finally {
      await Promise.all(pair.map((s) => s.stop()));
      await dropDatabase(name);
    }
  });
});
