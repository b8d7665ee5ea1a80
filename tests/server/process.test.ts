import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSpawnedDatabases } from './helpers/database';
import { runToExit, spawnServer } from './helpers/spawn-server';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lectern-proc-'));
});
afterAll(async () => {
  await dropSpawnedDatabases();
  await rm(dir, { recursive: true, force: true });
});

async function login(url: string, userName: string, password: string) {
  const res = await fetch(`${url}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: { token: string } | null } };
}

describe('main.ts', () => {
  it('prints a generated admin password once, keeps data across restarts and stops cleanly on SIGINT', async () => {
    const env = { LECTERN_DATA: join(dir, 'data'), LECTERN_DIST: join(dir, 'no-dist') };

    const first = await spawnServer(env);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const signedIn = await login(first.url, 'admin', password ?? '');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data?.token ?? '';
    const created = await fetch(`${first.url}/prod-api/category`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': token },
      body: JSON.stringify({ name: 'Kept' }),
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await spawnServer(env);
    expect(second.output()).not.toMatch(/password/i);
    expect((await login(second.url, 'admin', password ?? '')).status).toBe(200);
    // Sessions live in the database, so a restart does not sign anyone out.
    const list = await fetch(`${second.url}/prod-api/category/list`, { headers: { 'X-Token': token } });
    expect(((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toEqual(['Kept']);
    expect(await second.stop()).toBe(0);
  });

  it('uses LECTERN_ADMIN_PASSWORD without printing it', async () => {
    const server = await spawnServer({
      LECTERN_DATA: join(dir, 'data-env'),
      LECTERN_DIST: join(dir, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: 'From-the-env-1',
    });
    try {
      expect(server.output()).not.toContain('From-the-env-1');
      expect((await login(server.url, 'admin', 'From-the-env-1')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('fills the demo data with LECTERN_SEED=demo once; a restart adds nothing', async () => {
    const env = {
      LECTERN_DATA: join(dir, 'data-demo'),
      LECTERN_DIST: join(dir, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: 'Demo-admin-pass-1',
      LECTERN_SEED: 'demo',
    };
    const first = await spawnServer(env);
    expect(first.output()).toMatch(/Demo data: added 300 books, 200 readers, 300 applications, 60 messages, 20 news/);
    const token = (await login(first.url, 'admin', 'Demo-admin-pass-1')).body.data?.token ?? '';
    const info = await fetch(`${first.url}/prod-api/system/info`, { headers: { 'X-Token': token } });
    const counts = ((await info.json()) as { data: { counts: Record<string, number> } }).data.counts;
    expect(counts).toMatchObject({ book: 300, users: 200, apply: 300, online: 60, news: 20, banner: 5, url: 4 });
    expect(await first.stop()).toBe(0);
    const second = await spawnServer(env);
    expect(second.output()).not.toMatch(/Demo data/);
    expect(await second.stop()).toBe(0);
  });

  it('refuses bad configuration with a clear message and exit code 1', async () => {
    const res = await runToExit({ PORT: 'eighty', LECTERN_TOKEN_IDLE_MINUTES: '0', LECTERN_DATA: join(dir, 'bad') });
    expect(res.code).toBe(1);
    expect(res.output).toContain('Invalid configuration');
    expect(res.output).toMatch(/PORT: must be a whole number/);
    expect(res.output).toMatch(/LECTERN_TOKEN_IDLE_MINUTES: must be at least 1/);
  });

  it('with DATABASE_URL connects to PostgreSQL: an unreachable server stops the start with exit 1, password unprinted', async () => {
    const res = await runToExit({
      DATABASE_URL: 'postgres://lectern:Pg-secret-9@127.0.0.1:1/lectern',
      LECTERN_DATA: join(dir, 'pg-unreachable'),
    });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/Lectern failed to start: .*ECONNREFUSED/);
    expect(res.output).not.toMatch(/not available/);
    expect(res.output).not.toContain('Pg-secret-9');
  });
});
