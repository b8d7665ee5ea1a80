import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSpawnedDatabases } from '../helpers/database';
import { runToExit, spawnServer, spawnWithAdmin } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';

const tmp = tempDirForFile('lectern-proc-');
afterAll(() => dropSpawnedDatabases());

async function login(url: string, userName: string, password: string) {
  const res = await fetch(`${url}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; data: { token: string; mustChangePassword?: true } | null },
  };
}

async function call(url: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${url}/prod-api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
}

describe('main.ts', () => {
  it('prints a generated admin password once, which must be changed; keeps data across restarts and stops cleanly on SIGINT', async () => {
    const env = { LECTERN_DATA: join(tmp.path, 'data'), LECTERN_DIST: join(tmp.path, 'no-dist') };

    const first = await spawnServer(env);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const signedIn = await login(first.url, 'admin', password ?? '');
    expect(signedIn.status).toBe(200);
    // The generated password went through a log: it must be replaced before anything else.
    expect(signedIn.body.data?.mustChangePassword).toBe(true);
    const token = signedIn.body.data?.token ?? '';
    const early = await call(first.url, 'POST', '/category', token, { name: 'Too early' });
    expect([early.status, early.body.code]).toEqual([403, 40310]);
    const changed = await call(first.url, 'PUT', '/auth/password', token, {
      oldPassword: password,
      newPassword: 'Chosen-admin-pass-1',
    });
    expect(changed.status).toBe(200);
    const created = await call(first.url, 'POST', '/category', token, { name: 'Kept' });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await spawnServer(env);
    expect(second.output()).not.toMatch(/password/i);
    expect((await login(second.url, 'admin', password ?? '')).status).toBe(401);
    const again = await login(second.url, 'admin', 'Chosen-admin-pass-1');
    expect(again.status).toBe(200);
    expect(again.body.data).not.toHaveProperty('mustChangePassword');
    // Sessions live in the database, so a restart does not sign anyone out.
    const list = await fetch(`${second.url}/prod-api/category/list`, { headers: { 'X-Token': token } });
    expect(((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toEqual(['Kept']);
    expect(await second.stop()).toBe(0);
  });

  it('uses LECTERN_ADMIN_PASSWORD without printing it', async () => {
    const server = await spawnWithAdmin(join(tmp.path, 'data-env'), 'From-the-env-1');
    try {
      expect(server.output()).not.toContain('From-the-env-1');
      const signedIn = await login(server.url, 'admin', 'From-the-env-1');
      expect(signedIn.status).toBe(200);
      // Chosen by whoever configured the server (and held to the rule): no change required.
      expect(signedIn.body.data).not.toHaveProperty('mustChangePassword');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('fills the demo data with LECTERN_SEED=demo once; a restart adds nothing', async () => {
    const env = {
      LECTERN_DATA: join(tmp.path, 'data-demo'),
      LECTERN_DIST: join(tmp.path, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: 'Demo-admin-pass-1',
      LECTERN_SEED: 'demo',
    };
    const first = await spawnServer(env);
    // Applications: 300 recent requests, a year of closed loans and some holds (the lending desk).
    expect(first.output()).toMatch(
      /Demo data: added 300 books, 200 readers, 1 staff with two-step sign-in, 704 applications, 60 messages, 20 news/,
    );
    const token = (await login(first.url, 'admin', 'Demo-admin-pass-1')).body.data?.token ?? '';
    const info = await fetch(`${first.url}/prod-api/system/info`, { headers: { 'X-Token': token } });
    const counts = ((await info.json()) as { data: { counts: Record<string, number> } }).data.counts;
    expect(counts).toMatchObject({
      book: 300,
      reader: 200,
      application: 704,
      message: 60,
      news: 20,
      banner: 5,
      about: 4,
    });
    expect(await first.stop()).toBe(0);
    const second = await spawnServer(env);
    expect(second.output()).not.toMatch(/Demo data/);
    expect(await second.stop()).toBe(0);
  });

  it('refuses bad configuration with a clear message and exit code 1', async () => {
    const res = await runToExit({
      PORT: 'eighty',
      LECTERN_TOKEN_IDLE_MINUTES: '0',
      LECTERN_DATA: join(tmp.path, 'bad'),
    });
    expect(res.code).toBe(1);
    expect(res.output).toContain('Invalid configuration');
    expect(res.output).toMatch(/PORT: must be a whole number/);
    expect(res.output).toMatch(/LECTERN_TOKEN_IDLE_MINUTES: must be at least 1/);
  });

  it('refuses a LECTERN_ADMIN_PASSWORD that breaks the password rule, saying which part', async () => {
    const res = await runToExit({ LECTERN_ADMIN_PASSWORD: 'password1234567', LECTERN_DATA: join(tmp.path, 'weak') });
    expect(res.code).toBe(1);
    expect(res.output).toContain(
      'Invalid configuration:\n  LECTERN_ADMIN_PASSWORD: too common: it appears in lists of breached passwords',
    );
    expect(res.output).not.toMatch(/listening/);
  });

  it('with DATABASE_URL connects to PostgreSQL: an unreachable server stops the start with exit 1, password unprinted', async () => {
    const res = await runToExit({
      DATABASE_URL: 'postgres://lectern:Pg-secret-9@127.0.0.1:1/lectern',
      LECTERN_DATA: join(tmp.path, 'pg-unreachable'),
    });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/Lectern failed to start: .*ECONNREFUSED/);
    expect(res.output).not.toMatch(/not available/);
    expect(res.output).not.toContain('Pg-secret-9');
  });
});
