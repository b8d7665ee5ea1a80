import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/contract/envelope';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../helpers/database';
import { type Spawned, spawnServer } from '../helpers/spawn-server';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkey ceremonies across two real server processes (main.ts) over one PostgreSQL database, as
 * behind a load balancer that names the site (X-Forwarded-Host/-Proto): options from one instance,
 * the answer to the other; the challenge is used once, whichever instance sees it again. Runs where
 * DATABASE_URL is set (tests/server/pg/run.sh).
 */
const enabled = !!process.env.DATABASE_URL;
const PASSWORD = 'Passkey-multi-pass-1';
const SITE = 'https://console.lectern.test';

let dir: string;
let dbName: string;
let a: Spawned;
let b: Spawned;

async function call<T>(server: Spawned, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/prod-api${path}`, {
    method,
    headers: {
      'X-Forwarded-Host': new URL(SITE).host,
      'X-Forwarded-Proto': 'https',
      ...(token ? { 'X-Token': token } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

beforeAll(async () => {
  if (!enabled) return;
  dir = await mkdtemp(join(tmpdir(), 'lectern-pk-multi-'));
  dbName = uniqueDatabaseName('lectern_pk_multi');
  const env = {
    DATABASE_URL: await createDatabase(dbName),
    LECTERN_DATA: join(dir, 'shared-data'),
    LECTERN_DIST: join(dir, 'no-dist'),
    LECTERN_ADMIN_PASSWORD: PASSWORD,
    LECTERN_TRUST_PROXY: '1',
    LECTERN_DB_POOL_SIZE: '3',
  };
  a = await spawnServer(env, 60_000);
  b = await spawnServer(env, 60_000);
}, 150_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabase(dbName);
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!enabled)('passkeys on two instances', () => {
  it('registers through both, signs in through both, and a replay fails on either', async () => {
    const login = await call<{ token: string }>(a, 'POST', '/auth/login', undefined, {
      userName: 'admin',
      password: PASSWORD,
    });
    const token = login.body.data.token;
    const key = new SoftAuthenticator(SITE);

    const creation = await call<never>(a, 'POST', '/auth/passkeys/registration/options', token);
    expect(creation.status).toBe(200);
    const added = await call(b, 'POST', '/auth/passkeys/registration/verify', token, {
      name: 'Balanced',
      response: key.create(creation.body.data),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const request = await call<never>(b, 'POST', '/auth/passkeys/authentication/options');
    const response = key.get(request.body.data);
    const signedIn = await call<{ token: string }>(a, 'POST', '/auth/passkeys/authentication/verify', undefined, {
      response,
    });
    expect(signedIn.status).toBe(200);
    expect((await call(b, 'GET', '/auth/info', signedIn.body.data.token)).status).toBe(200);
    for (const server of [a, b])
      expect((await call(server, 'POST', '/auth/passkeys/authentication/verify', undefined, { response })).status).toBe(
        401,
      );
  });
});
