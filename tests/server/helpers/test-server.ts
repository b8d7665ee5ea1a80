import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '../../../src/contract/envelope';
import type { Book } from '../../../src/resources/book/schema';
import { createApp } from '../../../src/server/app';
import type { AppConfig } from '../../../src/server/context';
import { ensureAdmin } from '../../../src/server/db/bootstrap';
import type { DialectKind } from '../../../src/server/db/dialect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { Database } from '../../../src/server/db/schema';
import type { DiskFaults } from '../../../src/server/files/disk';
import type { OpsDeps } from '../../../src/server/ops';
import type { Services } from '../../../src/server/services';
import { createServices } from '../../../src/server/services';
import { openTestDatabase, type PgLocale } from './database';

export const ADMIN_PASSWORD = 'Admin-pass-123';

/** Expected on documents, API answers and workers' scripts; files a page loads get only nosniff. */
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; media-src 'self' blob:; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

export interface CallOptions {
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  raw?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface TestServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  db: Kysely<Database>;
  /** What the app was built from (its services: `services.ops` holds its health and metrics state). */
  services: Services;
  dir: string;
  adminToken: string;
  /** Moves the server's clock; no sleeping for expiry tests. */
  advance(ms: number): void;
  /** The server's clock (moved by advance). */
  now(): Date;
  /** LECTERN_DATA of this server. */
  dataDir: string;
  logs: string[];
  call<T = unknown>(method: string, path: string, opts?: CallOptions): Promise<CallResult<T>>;
  login(userName: string, password: string, headers?: Record<string, string>): Promise<CallResult<{ token: string }>>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<AppConfig>;
  /** Default: the suite's engine (TEST_ENGINE: PostgreSQL when DATABASE_URL is set). */
  engine?: DialectKind;
  /** PostgreSQL: the new database's locale (default C). */
  pgLocale?: PgLocale;
  /** Runs on the empty data folder before the database opens (e.g. to mount a small file system there). */
  beforeStart?: (dataDir: string) => Promise<void>;
  /** Runs on close, after the database is closed and before the folder is removed (e.g. to unmount it). */
  beforeRemove?: (dataDir: string) => Promise<void>;
  /** A simulated full disk (src/server/files/disk.ts). */
  diskFaults?: DiskFaults;
  /** A logger for access lines (default: silent). */
  ops?: OpsDeps;
}

/**
 * A real server on a random port over a fresh database (a SQLite file in a temp folder, or with
 * DATABASE_URL a new PostgreSQL database, see database.ts), migrated and with the admin account,
 * exactly as main.ts builds it (minus process concerns).
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-test-'));
  const dataDir = join(dir, 'data');
  if (opts.beforeStart) {
    await mkdir(dataDir, { recursive: true });
    await opts.beforeStart(dataDir);
  }
  const testDb = await openTestDatabase(dataDir, opts.engine, opts.pgLocale);
  const { db, dialect } = testDb.opened;
  await migrateToLatest(db, dialect);
  await ensureAdmin(db, ADMIN_PASSWORD, new Date());
  let offset = 0;
  const logs: string[] = [];
  const config: AppConfig = { ...testAppConfig(dir), ...opts.config };
  const services = createServices({
    db,
    dialect,
    dataDir,
    config,
    version: 'test',
    startedAt: new Date(),
    now: () => new Date(Date.now() + offset),
    log: { info: (m) => logs.push(m), error: (m, e) => logs.push(`${m} ${String(e)}`) },
    diskFaults: opts.diskFaults,
    ops: opts.ops,
  });
  const app = createApp(services);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T>(method: string, path: string, o: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers['X-Token'] = o.token;
    let body: string | undefined = o.raw;
    if (body === undefined && o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${url}/prod-api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`not an envelope (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  const login = (userName: string, password: string, headers?: Record<string, string>) =>
    call<{ token: string }>('POST', '/auth/login', { body: { userName, password }, headers });

  const first = await login('admin', ADMIN_PASSWORD);
  if (first.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(first.body)}`);

  return {
    url,
    db,
    services,
    dir,
    adminToken: first.body.data.token,
    advance: (ms) => {
      offset += ms;
    },
    now: () => new Date(Date.now() + offset),
    dataDir,
    logs,
    call,
    login,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await services.close();
      await testDb.dispose();
      await opts.beforeRemove?.(dataDir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The one server of a test file: started before the file's own `beforeAll` hooks (it registers
 * first) and closed after everything else. Read it only inside hooks and tests.
 */
export function testServerForFile(opts: TestServerOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts);
  });
  afterAll(() => server?.close());
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!server) throw new Error('the test server is not started yet: use it inside hooks and tests');
      return server[key as keyof TestServer];
    },
  });
}

/**
 * Create a staff account through the API as admin; returns its id. An admin-set password must be
 * changed at the first sign-in, so by default the helper then does what the member would: signs in
 * with the admin's password and changes it to `password` (PUT /auth/password), leaving an account
 * that signs in with `password` and works at once. `mustChange: true` (or a disabled account, which
 * cannot sign in) stops after the creation: the account signs in with `password` and must change it.
 */
export async function createStaff(
  s: TestServer,
  fields: {
    userName: string;
    phone: string;
    roles: string[];
    password?: string;
    status?: string;
    name?: string;
    mustChange?: boolean;
  },
): Promise<{ id: number; version: number }> {
  const { mustChange, ...staff } = fields;
  const password = fields.password ?? 'Operator-pass-1';
  const ready = !mustChange && (fields.status ?? 'active') === 'active';
  const initial = ready ? `Set-by-admin-${randomBytes(4).toString('hex')}` : password;
  const res = await s.call<{ id: number; version: number }>('POST', '/user', {
    token: s.adminToken,
    body: { name: fields.userName, status: 'active', ...staff, password: initial },
  });
  if (res.status !== 201) throw new Error(`createStaff failed: ${JSON.stringify(res.body)}`);
  if (ready) {
    const signedIn = await s.login(fields.userName, initial);
    if (signedIn.status !== 200) throw new Error(`createStaff sign-in failed: ${JSON.stringify(signedIn.body)}`);
    const token = signedIn.body.data.token;
    const changed = await s.call('PUT', '/auth/password', {
      token,
      body: { oldPassword: initial, newPassword: password },
    });
    if (changed.status !== 200) throw new Error(`createStaff password change failed: ${JSON.stringify(changed.body)}`);
    await s.call('POST', '/auth/logout', { token });
  }
  return res.body.data;
}

/** Create a category (and optionally subclasses) as admin. */
export async function createCategory(s: TestServer, name: string, sort = 0): Promise<number> {
  const res = await s.call<{ id: number }>('POST', '/category', { token: s.adminToken, body: { name, sort } });
  if (res.status !== 201) throw new Error(`createCategory failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function createSubclass(s: TestServer, categoryId: number, name: string, sort = 0): Promise<number> {
  const res = await s.call<{ id: number }>('POST', '/category/subclass', {
    token: s.adminToken,
    body: { categoryId, name, sort },
  });
  if (res.status !== 201) throw new Error(`createSubclass failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Categories with one subclass each, for book tests: `[categoryId, subclassId]` per `[category, subclass]`. */
export async function createShelves<const N extends [string, string][]>(
  s: TestServer,
  ...names: N
): Promise<{ [K in keyof N]: [number, number] }> {
  const ids: [number, number][] = [];
  for (const [category, subclass] of names) {
    const categoryId = await createCategory(s, category);
    ids.push([categoryId, await createSubclass(s, categoryId, subclass)]);
  }
  return ids as { [K in keyof N]: [number, number] };
}

/** An operator account (createStaff) with a session of its own: the account and the session's token. */
export async function signedInOperator(
  s: TestServer,
  userName: string,
  phone: string,
  password: string,
): Promise<{ id: number; version: number; token: string }> {
  const created = await createStaff(s, { userName, phone, roles: ['operator'], password });
  return { ...created, token: (await s.login(userName, password)).body.data.token };
}

/**
 * The two ways a category is in use, which block its delete: `[one with a subclass, one with a
 * book]`, named after `label`.
 */
export async function categoriesInUse(s: TestServer, label: string): Promise<[number, number]> {
  const withSub = await createCategory(s, `${label}: has subclass`);
  await createSubclass(s, withSub, `${label}: child`);
  const withBook = await createCategory(s, `${label}: has book`);
  await createBook(s, { categoryId: withBook });
  return [withSub, withBook];
}

export const bookInput = (over: Record<string, unknown> = {}) => ({
  title: 'A Book',
  author: 'An Author',
  categoryId: 1,
  stock: 1,
  status: 'on_shelf',
  ...over,
});

export async function createBook(s: TestServer, over: Record<string, unknown>): Promise<Book> {
  const res = await s.call<Book>('POST', '/book', {
    token: s.adminToken,
    body: bookInput(over),
  });
  if (res.status !== 201) throw new Error(`createBook failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The rows of `insertBooks` for books that differ only in their numbered title: `${prefix} ${i}`, on the shelf. */
export const numberedBooks =
  (prefix: string, categoryId: number, extra: { summary?: string } = {}) =>
  (i: number) => ({
    title: `${prefix} ${i}`,
    author: 'Bulk',
    category_id: categoryId,
    stock: 1,
    status: 'on_shelf',
    ...extra,
  });

/**
 * Many books straight into the table, 500 rows an INSERT (well under both engines' parameter
 * limits): for tests about volume, where the API would take minutes. `row` gives each book's own
 * fields; the record fields (version, timestamps) are filled in.
 */
export async function insertBooks(
  s: TestServer,
  count: number,
  row: (i: number) => {
    title: string;
    author: string;
    category_id: number;
    stock: number;
    status: string;
    summary?: string;
  },
): Promise<void> {
  const at = new Date().toISOString();
  for (let i = 0; i < count; i += 500) {
    const n = Math.min(500, count - i);
    await s.db
      .insertInto('book')
      .values(Array.from({ length: n }, (_, j) => ({ ...row(i + j), version: 0, created_at: at, updated_at: at })))
      .execute();
  }
}

/** The settings every in-process test app runs with (no slowdown, no console build). */
export function testAppConfig(dir: string): AppConfig {
  return {
    tokenIdleMinutes: 720,
    sessionMaxHours: 720,
    loginMaxFailures: 5,
    // The suites sign in as admin with a password everywhere; mfa.test.ts sets its own.
    mfaRequired: 'none',
    loginAddressMaxFailures: 20,
    loginDeviceMaxFailures: 10,
    loginWindowSeconds: 900,
    loginLockMaxSeconds: 86_400,
    loginSlowdownMs: 0,
    trustProxy: false,
    distDir: join(dir, 'no-dist'),
    extraConnectSrc: [],
  };
}
