import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/contract/auth';
import type { PasskeyInfo } from '../../../src/contract/passkeys';
import { countPasskeys } from '../../../src/server/auth/passkeys';
import { createStaff, testServerForFile } from '../helpers/test-server';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkeys end to end over real HTTP with a software authenticator (soft-authenticator.ts): real
 * ES256 keys, real authenticator data and signatures, checked by @simplewebauthn/server as in
 * production. Runs on SQLite and on PostgreSQL (tests/server/pg/run.sh).
 */
// The address limit stays out of the way: every test here comes from 127.0.0.1.
const s = testServerForFile({ config: { loginAddressMaxFailures: 1000 } });
const PASSWORD = 'Passkey-pass-1';

type Options = { challenge: string; rp: { id: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId: string; userVerification?: string };

async function signInAs(userName: string) {
  const res = await s.login(userName, PASSWORD);
  expect(res.status).toBe(200);
  return res.body.data.token;
}

/** Adds a passkey for the member: the options, the authenticator's answer, the check. */
async function register(token: string, key: SoftAuthenticator, name = 'Laptop', answer = {}) {
  const options = await s.call<Options>('POST', '/auth/passkeys/registration/options', { token });
  expect(options.status).toBe(200);
  const response = key.create(options.body.data, answer);
  return {
    options: options.body.data,
    response,
    res: await s.call<PasskeyInfo>('POST', '/auth/passkeys/registration/verify', {
      token,
      body: { name, response },
    }),
  };
}

async function passkeySignIn(key: SoftAuthenticator, answer = {}, body: Record<string, unknown> = {}) {
  const options = await s.call<RequestOptions>('POST', '/auth/passkeys/authentication/options');
  expect(options.status).toBe(200);
  const response = key.get(options.body.data, answer);
  const res = await s.call<LoginResult>('POST', '/auth/passkeys/authentication/verify', {
    body: { response, ...body },
  });
  return { res, response, options: options.body.data };
}

async function lastEvent(staffId: number, action?: string) {
  let q = s.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', 'security')
    .where('record_id', '=', staffId)
    .orderBy('id', 'desc');
  if (action) q = q.where('action', '=', action as never);
  return q.executeTakeFirst();
}

let ann: { id: number };
let annToken: string;
const annKey = () => new SoftAuthenticator(s.url);
let key: SoftAuthenticator;
beforeAll(async () => {
  ann = await createStaff(s, { userName: 'pk-ann', phone: '13900000801', roles: ['operator'], password: PASSWORD });
  annToken = await signInAs('pk-ann');
  key = annKey();
});

describe('registering a passkey', () => {
  it('asks for a discoverable, user-verified passkey bound to this host, and keeps it', async () => {
    const options = await s.call<Options & { authenticatorSelection: Record<string, string> }>(
      'POST',
      '/auth/passkeys/registration/options',
      { token: annToken },
    );
    expect(options.body.data.rp.id).toBe('127.0.0.1');
    expect(options.body.data.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const { res } = await register(annToken, key, 'Work laptop');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ id: key.id, name: 'Work laptop', lastUsedAt: null, synced: false });
    const list = await s.call<PasskeyInfo[]>('GET', '/auth/passkeys', { token: annToken });
    expect(list.body.data.map((p) => p.name)).toEqual(['Work laptop']);
    expect(list.body.data[0]?.transports).toEqual(['internal']);
    expect(await countPasskeys(s.db, ann.id)).toBe(1);
    const event = await lastEvent(ann.id);
    expect(event).toMatchObject({ action: 'factor_enrolled', reason: 'passkey', actor_id: ann.id });
    // The user handle is opaque: neither the id nor the account name.
    expect(Buffer.from(options.body.data.user.id, 'base64url').toString()).not.toContain('pk-ann');
  });

  it('refuses an answer from another origin, without user verification, or replayed', async () => {
    const other = new SoftAuthenticator(s.url);
    const wrongOrigin = await register(annToken, other, 'Phish', { origin: 'http://evil.example' });
    expect(wrongOrigin.res.status).toBe(400);
    const noUv = await register(annToken, other, 'No UV', { uv: false });
    expect(noUv.res.status).toBe(400);
    const good = await register(annToken, other, 'Phone');
    expect(good.res.status).toBe(201);
    // The same answer again: its challenge was taken by the first.
    const again = await s.call('POST', '/auth/passkeys/registration/verify', {
      token: annToken,
      body: { name: 'Phone again', response: good.response },
    });
    expect(again.status).toBe(400);
    expect(await countPasskeys(s.db, ann.id)).toBe(2);
    // Another member cannot finish with Ann's challenge.
    await createStaff(s, { userName: 'pk-cid', phone: '13900000809', roles: ['operator'], password: PASSWORD });
    const cid = await signInAs('pk-cid');
    const annOptions = await s.call<Options>('POST', '/auth/passkeys/registration/options', { token: annToken });
    const stolen = await s.call('POST', '/auth/passkeys/registration/verify', {
      token: cid,
      body: { name: 'Stolen', response: new SoftAuthenticator(s.url).create(annOptions.body.data) },
    });
    expect(stolen.status).toBe(400);
    // Signed out: nothing.
    expect((await s.call('POST', '/auth/passkeys/registration/options')).status).toBe(401);
    expect((await s.call('GET', '/auth/passkeys')).status).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('gives a full session without a password, counts and records it', async () => {
    const { res } = await passkeySignIn(key, {}, { remember: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.expiresAt).toBeTruthy();
    // Remembered: the session cookie outlives the window.
    expect(res.headers.get('set-cookie')).toMatch(/lectern_session=[^;]+; Max-Age=\d+/);
    const info = await s.call<{ userName: string }>('GET', '/auth/info', { token: res.body.data.token });
    expect(info.body.data.userName).toBe('pk-ann');
    const row = await s.db.selectFrom('staff_passkey').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    expect(await lastEvent(ann.id)).toMatchObject({ action: 'sign_in', reason: 'passkey' });
    // Shown on the member's own recent sign-ins.
    const mine = await s.call<{ kind: string; reason: string }[]>('GET', '/auth/sign-ins', { token: annToken });
    expect(mine.body.data[0]).toMatchObject({ kind: 'sign_in', reason: 'passkey' });
  });

  it('refuses a replayed answer, another origin, no user verification and a counter gone back', async () => {
    const first = await passkeySignIn(key);
    expect(first.res.status).toBe(200);
    const replay = await s.call('POST', '/auth/passkeys/authentication/verify', { body: { response: first.response } });
    expect(replay.status).toBe(401);
    expect((await passkeySignIn(key, { origin: 'http://evil.example' })).res.status).toBe(401);
    expect((await passkeySignIn(key, { uv: false })).res.status).toBe(401);
    // A clone of the authenticator: a counter not above the one last seen.
    const counter = Number(
      (await s.db.selectFrom('staff_passkey').select('counter').where('id', '=', key.id).executeTakeFirstOrThrow())
        .counter,
    );
    expect((await passkeySignIn(key, { counter })).res.status).toBe(401);
    expect(await lastEvent(ann.id, 'sign_in_failed')).toMatchObject({ reason: 'passkey_rejected' });
    // Still good after all that (a success resets the account's count).
    expect((await passkeySignIn(key)).res.status).toBe(200);
  });

  it('a challenge expires after 5 minutes, even for a right answer', async () => {
    const options = await s.call<RequestOptions>('POST', '/auth/passkeys/authentication/options');
    s.advance(5 * 60_000 + 1000);
    const late = await s.call('POST', '/auth/passkeys/authentication/verify', {
      body: { response: key.get(options.body.data) },
    });
    expect(late.status).toBe(401);
  });
});

describe('renaming and removing', () => {
  it('renames and removes only the member’s own passkeys; a removed passkey signs in no more', async () => {
    const bobKey = new SoftAuthenticator(s.url, true);
    const bob = await createStaff(s, {
      userName: 'pk-bob',
      phone: '13900000802',
      roles: ['operator'],
      password: PASSWORD,
    });
    const bobToken = await signInAs('pk-bob');
    expect((await register(bobToken, bobKey, 'Synced')).res.body.data).toMatchObject({ synced: true });
    const path = `/auth/passkeys/${bobKey.id}`;
    // Ann's session is older than the re-confirmation window (the clock moved above): changing
    // passkeys asks for a recent sign-in first (ASVS 7.5.1), 403 with code 40311.
    const stale = await s.call('PUT', path, { token: annToken, body: { name: 'Mine' } });
    expect([stale.status, stale.body.code]).toEqual([403, 40311]);
    // A fresh one (her passkey): Bob's passkey is not found.
    const annFresh = (await passkeySignIn(key)).res.body.data.token;
    expect((await s.call('PUT', path, { token: annFresh, body: { name: 'Mine' } })).status).toBe(404);
    expect((await s.call('DELETE', path, { token: annFresh })).status).toBe(404);
    expect((await s.call('PUT', path, { token: bobToken, body: { name: '  ' } })).status).toBe(400);
    expect((await s.call('PUT', path, { token: bobToken, body: { name: 'Bob’s phone' } })).status).toBe(200);
    const list = await s.call<PasskeyInfo[]>('GET', '/auth/passkeys', { token: bobToken });
    expect(list.body.data.map((p) => p.name)).toEqual(['Bob’s phone']);
    expect((await s.call('DELETE', path, { token: bobToken })).status).toBe(200);
    expect(await lastEvent(bob.id)).toMatchObject({ action: 'factor_removed', reason: 'passkey' });
    expect(await countPasskeys(s.db, bob.id)).toBe(0);
    expect((await passkeySignIn(bobKey)).res.status).toBe(401);
    expect((await s.call('DELETE', path, { token: bobToken })).status).toBe(404);
  });
});

describe('passkeys as the second factor', () => {
  it('a member with passkeys only cannot sign in with the password alone; an admin reset removes them', async () => {
    const cat = await createStaff(s, {
      userName: 'pk-cat',
      phone: '13900000899',
      roles: ['operator'],
      password: PASSWORD,
    });
    const catKey = new SoftAuthenticator(s.url);
    expect((await register(await signInAs('pk-cat'), catKey)).res.status).toBe(201);
    const refused = await s.login('pk-cat', PASSWORD);
    expect(refused.body.data).toMatchObject({ reason: { code: 'passkey_only' } });
    expect(refused.body.data).not.toHaveProperty('token');
    expect((await passkeySignIn(catKey)).res.status).toBe(200);

    const admin = s.adminToken;
    expect((await s.call('POST', `/user/${cat.id}/reset-mfa`, { token: admin })).status).toBe(200);
    expect(await countPasskeys(s.db, cat.id)).toBe(0);
    expect((await passkeySignIn(catKey)).res.status).toBe(401);
    expect((await s.login('pk-cat', PASSWORD)).status).toBe(200);
  });
});

describe('the rules of a password sign-in', () => {
  async function memberWithPasskey(userName: string, phone: string) {
    const m = await createStaff(s, { userName, phone, roles: ['operator'], password: PASSWORD });
    const k = new SoftAuthenticator(s.url);
    expect((await register(await signInAs(userName), k)).res.status).toBe(201);
    return { ...m, key: k };
  }

  it('a disabled account is refused', async () => {
    const dee = await memberWithPasskey('pk-dee', '13900000803');
    await s.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', dee.id).execute();
    expect((await passkeySignIn(dee.key)).res.status).toBe(401);
    expect(await lastEvent(dee.id)).toMatchObject({ action: 'sign_in_failed', reason: 'disabled' });
  });

  it('a password that must be changed still must be', async () => {
    const eve = await memberWithPasskey('pk-eve', '13900000804');
    await s.db.updateTable('staff').set({ must_change_password: 1 }).where('id', '=', eve.id).execute();
    const { res } = await passkeySignIn(eve.key);
    expect(res.status).toBe(200);
    expect(res.body.data.mustChangePassword).toBe(true);
    expect((await s.call('GET', '/auth/passkeys', { token: res.body.data.token })).body.code).toBe(40310);
  });

  it('failures count on the account’s limit shared with passwords: then 429 for both', async () => {
    const fay = await memberWithPasskey('pk-fay', '13900000805');
    for (let i = 0; i < s.services.config.loginMaxFailures; i++)
      expect((await passkeySignIn(fay.key, { uv: false })).res.status).toBe(401);
    const locked = await passkeySignIn(fay.key);
    expect(locked.res.status).toBe(429);
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.login('pk-fay', PASSWORD)).status).toBe(429);
    expect(await lastEvent(fay.id, 'lockout')).toBeTruthy();
  });

  it('an unknown passkey is refused like a wrong password', async () => {
    const { res } = await passkeySignIn(new SoftAuthenticator(s.url));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(60204);
  });
});
