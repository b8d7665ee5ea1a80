import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { defaultOpsConfig, type OpsConfig } from '../../../src/server/ops/config';
import { appLogger, createLogger } from '../../../src/server/ops/logger';
import type { Services } from '../../../src/server/services';
import { createServices } from '../../../src/server/services';
import { openTestDatabase, TEST_ENGINE } from '../helpers/database';
import { ADMIN_PASSWORD, createStaff, startTestServer, type TestServer } from '../helpers/test-server';
import { credential, rpc, type Ticket, uploadInTwoParts, uploadTarget } from '../vod/helpers';

/** A JSON-lines logger whose every line lands in `lines` (parsed), as main.ts would print them. */
async function captureLogger(level: 'debug' | 'info' = 'debug') {
  const raw: string[] = [];
  const logger = await createLogger({ level, format: 'json', destination: { write: (s: string) => raw.push(s) } });
  return { logger, raw, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** The app of `services` on a port of its own (for services startTestServer does not offer). */
async function serveApp(services: Services) {
  const app = createApp(services);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const srv = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(srv));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const opsConfig = (over: Partial<OpsConfig>): OpsConfig => ({ ...defaultOpsConfig, ...over });

async function get(s: { url: string }, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The value of one sample line of the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('health and readiness', () => {
  let s: TestServer;
  let log: Awaited<ReturnType<typeof captureLogger>>;
  beforeAll(async () => {
    log = await captureLogger();
    s = await startTestServer({ ops: { logger: log.logger } });
  });
  afterAll(() => s.close());

  it('GET /healthz: 200 JSON without a token, never cached; HEAD too', async () => {
    const res = await get(s, '/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(res.text)).toMatchObject({ status: 'ok', version: 'test' });
    const head = await fetch(`${s.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /readyz: 200 when the database answers, is migrated and storage is writable', async () => {
    const res = await get(s, '/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(res.text)).toEqual({
      status: 'ready',
      failing: [],
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('503 naming "migrations" when a migration of this build is not applied; the log says which', async () => {
    await s.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0005-vod' as never)
      .execute();
    try {
      const res = await get(s, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({
        status: 'not ready',
        failing: ['migrations'],
        checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
      });
      // The reason goes to the log only: the endpoint is public.
      expect(res.text).not.toContain('0005');
      const warn = log.lines().find((l) => l.check === 'migrations');
      expect(warn).toMatchObject({ level: 'warn', reason: 'not applied: 0005-vod' });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values ('0005-vod', ${new Date().toISOString()})`.execute(
        s.db,
      );
    }
    expect((await get(s, '/readyz')).status).toBe(200);
  });

  it('503 naming "storage" when the upload folder cannot be written', async () => {
    const files = join(s.dir, 'data', 'files');
    await rm(files, { recursive: true, force: true });
    // A file where the folder should be: writing under it fails even for root.
    await writeFile(files, 'not a folder');
    try {
      const res = await get(s, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ status: 'not ready', failing: ['storage'] });
      expect(JSON.parse(res.text).checks.database).toBe('ok');
    } finally {
      await rm(files, { force: true });
      await mkdir(files);
    }
    expect((await get(s, '/readyz')).status).toBe(200);
  });

  it('503 naming "database" when the database cannot be reached (migrations then not checked)', async () => {
    const dir = join(s.dir, 'closed-db');
    const testDb = await openTestDatabase(dir);
    const { db, dialect } = testDb.opened;
    await migrateToLatest(db, dialect);
    const { config, version, log } = s.services;
    const services = createServices({ db, dialect, dataDir: dir, config, version, log });
    const app = await serveApp(services);
    try {
      const url = app.url;
      expect((await get({ url }, '/readyz')).status).toBe(200);
      await testDb.dispose();
      const res = await get({ url }, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({
        status: 'not ready',
        failing: ['database'],
        checks: { database: 'failed', migrations: 'skipped', storage: 'ok' },
      });
      // Liveness is about the process, not its dependencies.
      expect((await get({ url }, '/healthz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('503 "shutting down" from the moment a shutdown starts; answers then close their connection', async () => {
    const { ops } = s.services;
    ops.shuttingDown = true;
    try {
      const res = await get(s, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({
        status: 'shutting down',
        failing: ['shutdown'],
        checks: { shutdown: 'failed' },
      });
      expect(res.headers.get('connection')).toBe('close');
      // Requests still in flight or arriving meanwhile are served.
      const list = await s.call('GET', '/category/list', { token: s.adminToken });
      expect(list.status).toBe(200);
      expect(list.headers.get('connection')).toBe('close');
    } finally {
      ops.shuttingDown = false;
    }
    const after = await get(s, '/readyz');
    expect(after.status).toBe(200);
    expect(after.headers.get('connection')).not.toBe('close');
  });

  it('health and metrics requests are logged at debug level only, other requests at info', async () => {
    log.raw.length = 0;
    await get(s, '/healthz');
    await get(s, '/readyz');
    await get(s, '/metrics');
    await s.call('GET', '/category/list', { token: s.adminToken });
    const access = log.lines().filter((l) => typeof l.route === 'string');
    const levelOf = (route: string) => access.filter((l) => l.route === route).map((l) => l.level);
    expect(levelOf('/healthz')).toEqual(['debug']);
    expect(levelOf('/readyz')).toEqual(['debug']);
    expect(levelOf('/metrics')).toEqual(['debug']);
    expect(levelOf('/prod-api/category/list')).toEqual(['info']);
  });

  it('the health endpoints are at the root, not under the console: a built console does not shadow them', async () => {
    // The SPA fallback answers unknown GETs with index.html; /healthz must never be one of them.
    const res = await get(s, '/healthz', { accept: 'text/html' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('metrics', () => {
  let s: TestServer;
  const MAX_FAILURES = 3;
  beforeAll(async () => {
    s = await startTestServer({ config: { loginMaxFailures: MAX_FAILURES } });
  });
  afterAll(() => s.close());

  const scrape = async () => {
    const res = await get(s, '/metrics');
    expect(res.status).toBe(200);
    return res;
  };

  it('Prometheus text format, lectern_ names, never cached; process metrics included', async () => {
    const res = await scrape();
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const names = [...res.text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string);
    expect(names.length).toBeGreaterThan(20);
    for (const n of names) expect(n).toMatch(/^lectern_/);
    expect(names).toEqual(
      expect.arrayContaining([
        'lectern_process_cpu_user_seconds_total',
        'lectern_process_resident_memory_bytes',
        'lectern_nodejs_heap_size_used_bytes',
        'lectern_nodejs_eventloop_lag_seconds',
      ]),
    );
    expect(sample(res.text, 'lectern_build_info', { version: 'test', engine: TEST_ENGINE })).toBe(1);
  });

  it('names no gauge *_total (the suffix is for counters)', async () => {
    const text = (await scrape()).text;
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)];
    expect(types.length).toBeGreaterThan(20);
    for (const [, name, type] of types) if (type !== 'counter') expect(name).not.toMatch(/_total$/);
    expect(sample(text, 'lectern_nodejs_active_handles')).toBeGreaterThan(0);
  });

  it('counts requests and their durations by route pattern and status, not by concrete path', async () => {
    for (const id of [9991, 9992, 9993]) {
      const res = await s.call('DELETE', `/category/${id}`, { token: s.adminToken });
      expect(res.status).toBe(404);
    }
    const text = (await scrape()).text;
    const labels = { method: 'DELETE', route: '/prod-api/category/:id', status: '404' };
    expect(sample(text, 'lectern_http_requests_total', labels)).toBe(3);
    expect(sample(text, 'lectern_http_request_duration_seconds_count', labels)).toBe(3);
    expect(sample(text, 'lectern_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    expect(sample(text, 'lectern_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(text).not.toMatch(/route="[^"]*999\d/);
  });

  it('database pool: the pg pool counts on PostgreSQL, one connection on SQLite', async () => {
    const text = (await scrape()).text;
    if (TEST_ENGINE === 'postgres') {
      // openTestDatabase opens pools of 5.
      expect(sample(text, 'lectern_db_pool_max')).toBe(5);
      const total = sample(text, 'lectern_db_pool_connections', { state: 'total' }) ?? -1;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(5);
      expect(sample(text, 'lectern_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
      expect(sample(text, 'lectern_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(sample(text, 'lectern_db_pool_max')).toBe(1);
      expect(sample(text, 'lectern_db_pool_connections', { state: 'total' })).toBe(1);
      expect(sample(text, 'lectern_db_pool_connections', { state: 'idle' })).toBeUndefined();
    }
  });

  it('sign-in failures and lockouts: gauges from the shared table, counters of this instance', async () => {
    await createStaff(s, { userName: 'metered', phone: '13900001111', roles: ['operator'] });
    const before = (await scrape()).text;
    expect(sample(before, 'lectern_signin_failures_in_window', { scope: 'account' })).toBe(0);
    expect(sample(before, 'lectern_signin_locked', { scope: 'account' })).toBe(0);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await s.login('metered', 'wrong-password')).status).toBe(401);
    expect((await s.login('metered', 'Operator-pass-1')).status).toBe(429);
    const text = (await scrape()).text;
    expect(sample(text, 'lectern_signin_failures_in_window', { scope: 'account' })).toBe(MAX_FAILURES);
    expect(sample(text, 'lectern_signin_failures_in_window', { scope: 'address' })).toBe(MAX_FAILURES);
    expect(sample(text, 'lectern_signin_locked', { scope: 'account' })).toBe(1);
    expect(sample(text, 'lectern_signin_locked', { scope: 'address' })).toBe(1);
    expect(sample(text, 'lectern_signin_failures_total')).toBe(MAX_FAILURES);
    expect(sample(text, 'lectern_signin_lockouts_total')).toBe(1);
    // Past the window the table's figures fall to 0; the counters keep the history.
    s.advance(901_000);
    try {
      const later = (await scrape()).text;
      expect(sample(later, 'lectern_signin_failures_in_window', { scope: 'account' })).toBe(0);
      expect(sample(later, 'lectern_signin_locked', { scope: 'account' })).toBe(0);
      expect(sample(later, 'lectern_signin_failures_total')).toBe(MAX_FAILURES);
    } finally {
      s.advance(-901_000);
      // The address is locked too: later sign-ins from this host must work.
      await s.db.deleteFrom('login_attempt').execute();
    }
  });

  it('active sessions: those used within the idle limit', async () => {
    const expected = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from session`.execute(s.db)).rows[0]?.n);
    const n0 = await expected();
    expect(n0).toBeGreaterThanOrEqual(1);
    expect(sample((await scrape()).text, 'lectern_sessions_active')).toBe(n0);
    expect((await s.login('admin', ADMIN_PASSWORD)).status).toBe(200);
    expect(sample((await scrape()).text, 'lectern_sessions_active')).toBe(n0 + 1);
    s.advance(721 * 60_000);
    try {
      expect(sample((await scrape()).text, 'lectern_sessions_active')).toBe(0);
    } finally {
      s.advance(-721 * 60_000);
    }
  });

  it('upload bytes and parts of the local video service', async () => {
    const cred = await credential(s);
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'M', FileName: 'm.mp4', FileSize: 1 });
    expect(t.status).toBe(200);
    const { address, client } = uploadTarget(t.body);
    const data = randomBytes(150 * 1024 + 10);
    const file = join(s.dir, 'm.mp4');
    await writeFile(file, data);
    await uploadInTwoParts(client, client, address.FileName, file, 100 * 1024, data.length);
    const text = (await scrape()).text;
    expect(sample(text, 'lectern_upload_parts_total', { kind: 'part' })).toBe(2);
    expect(sample(text, 'lectern_upload_bytes_total', { kind: 'part' })).toBe(data.length);
  });

  it('event-stream clients: 0 until a stream registers its count', async () => {
    expect(sample((await scrape()).text, 'lectern_event_stream_clients')).toBe(0);
    let clients = 3;
    const unregister = s.services.ops.metrics.registerEventStreamClients(() => clients);
    expect(sample((await scrape()).text, 'lectern_event_stream_clients')).toBe(3);
    clients = 1;
    expect(sample((await scrape()).text, 'lectern_event_stream_clients')).toBe(1);
    unregister();
    expect(sample((await scrape()).text, 'lectern_event_stream_clients')).toBe(0);
  });
});

describe('event-loop stalls', () => {
  let s: TestServer;
  let log: Awaited<ReturnType<typeof captureLogger>>;
  beforeAll(async () => {
    log = await captureLogger('info');
    s = await startTestServer({ ops: { logger: log.logger } });
  });
  afterAll(() => s.close());

  it('an event-loop stall shows in the longest pause since the last scrape, is counted and logged', async () => {
    const stallsBefore = sample((await get(s, '/metrics')).text, 'lectern_eventloop_stalls_total') ?? 0;
    const logged = log.raw.length;
    // The watch's timer has to have run once: a stall in the very task that started it goes unseen.
    await new Promise((r) => setTimeout(r, 50));
    // This process is the server's: a busy loop here is a stall of the server's event loop.
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // busy
    }
    // The watch looks each second.
    await new Promise((r) => setTimeout(r, 1100));
    const text = (await get(s, '/metrics')).text;
    expect(sample(text, 'lectern_eventloop_delay_max_seconds')).toBeGreaterThanOrEqual(0.25);
    expect(sample(text, 'lectern_eventloop_stalls_total')).toBe(stallsBefore + 1);
    const line = log.raw.slice(logged).find((l) => l.includes('event loop stalled'));
    expect(line).toBeDefined();
    expect((JSON.parse(line as string) as { pauseMs: number }).pauseMs).toBeGreaterThanOrEqual(250);
    // Read once: the next scrape reports only what came after it.
    expect(sample((await get(s, '/metrics')).text, 'lectern_eventloop_delay_max_seconds')).toBeLessThan(0.25);
  });
});

describe('who may read /metrics', () => {
  const servers: TestServer[] = [];
  const start = async (ops: OpsConfig) => {
    const s = await startTestServer({ config: { ops } });
    servers.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('loopback (the default): this host only; a request a proxy forwarded is refused', async () => {
    const s = await startTestServer();
    servers.push(s);
    expect((await get(s, '/metrics')).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await get(s, '/metrics', { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' });
      expect(res.status, header).toBe(403);
      expect(res.text).not.toContain('lectern_');
    }
  });

  it('off: 404, as if there were no such endpoint (and not the console in its place)', async () => {
    const s = await start(opsConfig({ metrics: { mode: 'off' } }));
    const res = await get(s, '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('lectern_');
    // Health stays available whatever the metrics setting.
    expect((await get(s, '/healthz')).status).toBe(200);
  });

  it('token: only with the bearer token, from anywhere', async () => {
    const token = randomBytes(24).toString('hex');
    const s = await start(opsConfig({ metrics: { mode: 'token', token } }));
    const none = await get(s, '/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await get(s, '/metrics', { authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await get(s, '/metrics', { authorization: token })).status).toBe(401);
    const ok = await get(s, '/metrics', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('lectern_http_requests_total');
  });
});

describe('logs', () => {
  let s: TestServer;
  let log: Awaited<ReturnType<typeof captureLogger>>;
  beforeAll(async () => {
    log = await captureLogger('debug');
    s = await startTestServer({ ops: { logger: log.logger } });
  });
  afterAll(() => s.close());

  it('one JSON line per request: time, level, request id, route, status, duration, staff id', async () => {
    log.raw.length = 0;
    const res = await s.call('GET', '/category/list', { token: s.adminToken });
    const requestId = res.headers.get('x-request-id');
    const line = log.lines().find((l) => l.reqId === requestId);
    expect(line).toMatchObject({
      level: 'info',
      reqId: requestId,
      method: 'GET',
      route: '/prod-api/category/list',
      path: '/prod-api/category/list',
      status: 200,
      staffId: 1,
    });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
    expect(typeof line?.durationMs).toBe('number');
    // Anonymous requests have no staff id.
    const anon = await get(s, '/prod-api/category/list');
    const anonLine = log.lines().find((l) => l.reqId === anon.headers.get('x-request-id'));
    expect(anonLine).toMatchObject({ status: 401 });
    expect(anonLine).not.toHaveProperty('staffId');
  });

  it('an internal error: the answer names the request id, the log has the error under that id', async () => {
    // As main.ts builds it: services.log is pino too, so lines written deep in a handler carry the id.
    const s2 = await startTestServer();
    const { db, dialect, dataDir, config } = s2.services;
    const services = createServices({
      db,
      dialect,
      dataDir,
      config,
      version: 'test',
      log: appLogger(log.logger),
      ops: log,
    });
    const app = await serveApp(services);
    try {
      await sql`drop table message`.execute(s2.db);
      log.raw.length = 0;
      const raw = await fetch(`${app.url}/prod-api/online/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': s2.adminToken },
        body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
      });
      const res = { status: raw.status, headers: raw.headers, body: (await raw.json()) as { msg: string } };
      expect(res.status).toBe(500);
      const requestId = res.headers.get('x-request-id') as string;
      expect(res.body.msg).toBe(`Internal error (request id ${requestId})`);
      const lines = log.lines().filter((l) => l.reqId === requestId);
      expect(lines.map((l) => l.level)).toEqual(['error', 'warn']);
      expect(lines[0]).toMatchObject({
        err: { type: expect.any(String), message: expect.stringMatching(/message/) },
      });
      expect(lines[1]).toMatchObject({ status: 500, route: '/prod-api/online/page', staffId: 1 });
    } finally {
      await app.close();
      await s2.close();
    }
  });

  it('no token, password or credential ever appears in a log line', async () => {
    const secrets: string[] = [ADMIN_PASSWORD, s.adminToken];
    // Sign-ins, right and wrong; a staff account with a password; a password change.
    const wrong = `Wrong-${randomBytes(6).toString('hex')}`;
    secrets.push(wrong);
    await s.login('admin', wrong);
    const staffPassword = `Staff-${randomBytes(6).toString('hex')}`;
    secrets.push(staffPassword);
    const staff = await createStaff(s, {
      userName: 'logged',
      phone: '13900002222',
      roles: ['operator'],
      password: staffPassword,
    });
    const staffToken = (await s.login('logged', staffPassword)).body.data.token;
    secrets.push(staffToken);
    const newPassword = `Changed-${randomBytes(6).toString('hex')}`;
    secrets.push(newPassword);
    const changed = await s.call('PUT', '/user', {
      token: s.adminToken,
      body: {
        id: staff.id,
        version: staff.version,
        userName: 'logged',
        phone: '13900002222',
        name: 'logged',
        roles: ['operator'],
        status: 'active',
        password: newPassword,
      },
    });
    expect(changed.status).toBe(200);
    // The token in the query string (the original console's /auth/info?token=…).
    const second = (await s.login('admin', ADMIN_PASSWORD)).body.data.token;
    secrets.push(second);
    expect((await get(s, `/prod-api/auth/info?token=${second}`)).status).toBe(200);
    // Video credentials: the RPC credential, a signed RPC request, the upload auth, signed OSS requests.
    const cred = await credential(s);
    secrets.push(cred.accessKeySecret, cred.securityToken);
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'L', FileName: 'l.mp4', FileSize: 1 });
    expect(t.status).toBe(200);
    const { address, auth, client } = uploadTarget(t.body);
    secrets.push(auth.AccessKeySecret, auth.SecurityToken);
    await client.put(address.FileName, Buffer.from('tiny video'));
    // A signed read (the Authorization header carries the key id and signature).
    expect((await client.get(address.FileName)).content.toString()).toBe('tiny video');
    // Failing requests with credentials: a wrong token, a bad signature.
    const bogusToken = randomBytes(16).toString('hex');
    secrets.push(bogusToken);
    expect((await s.call('GET', '/category/list', { token: bogusToken })).status).toBe(401);
    const badSignature = await rpc(cred, 'CreateUploadVideo', { Title: 'X', FileName: 'x.mp4' }, { secret: 'nope' });
    expect(badSignature.status).toBe(400);

    const all = log.raw.join('');
    // The requests above were all logged (so the search below searched something).
    const routes = new Set(log.lines().map((l) => `${l.method} ${l.route} ${l.status}`));
    for (const r of [
      'POST /prod-api/auth/login 401',
      'POST /prod-api/auth/login 200',
      'POST /prod-api/user 201',
      'PUT /prod-api/user 200',
      'GET /prod-api/auth/info 200',
      'GET /prod-api/video/upload/credential 200',
      'GET /vod 200',
      'GET /vod 400',
      `PUT /${address.Bucket}/* 200`,
      `GET /${address.Bucket}/* 200`,
      'GET /prod-api/* 401',
    ])
      expect(routes, r).toContain(r);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(all.includes(secret), `a log line contains ${secret.slice(0, 4)}…`).toBe(false);
      // Also URL-encoded, as it travels in a query string.
      expect(all.includes(encodeURIComponent(secret))).toBe(false);
    }
    // Image and bucket object names are capabilities (anyone with the URL may read): route only.
    const objectLine = log.lines().find((l) => l.method === 'PUT' && l.route === `/${address.Bucket}/*`);
    expect(objectLine).toMatchObject({ status: 200 });
    expect(objectLine).not.toHaveProperty('path');
    expect(all).not.toContain(address.FileName);
  });
});
