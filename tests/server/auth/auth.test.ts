import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/contract/auth';
import { ADMIN_PASSWORD, createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile({ config: { tokenIdleMinutes: 10 } });

describe('POST /auth/login', () => {
  it('signs in by account name and returns an opaque token', async () => {
    const res = await s.login('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(20000);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs in by phone number', async () => {
    const res = await s.login('13800000000', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
  });

  it('trims the account name', async () => {
    const res = await s.login('  admin \t', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('answers 60204 with the fixed message for a wrong password or an unknown account', async () => {
    for (const [user, pass] of [
      ['admin', 'wrong-password'],
      ['nobody', ADMIN_PASSWORD],
    ] as const) {
      const res = await s.login(user, pass);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 60204, msg: 'Account and password are incorrect.', data: null });
    }
  });

  it('refuses a disabled account exactly like a wrong password', async () => {
    await createStaff(s, { userName: 'sleeper', phone: '13900000001', roles: ['operator'], status: 'disabled' });
    const res = await s.login('sleeper', 'Operator-pass-1');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(60204);
  });

  it('names missing fields', async () => {
    const res = await s.call<{ errors: { path: string }[] }>('POST', '/auth/login', { body: { userName: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.errors.map((e) => e.path).sort()).toEqual(['password', 'userName']);
  });

  it('stores only a hash of the token and a scrypt hash of the password', async () => {
    const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
    const sha = createHash('sha256').update(token).digest('hex');
    const sessions = await s.db.selectFrom('session').select('token_hash').execute();
    expect(sessions.map((r) => r.token_hash)).toContain(sha);
    expect(sessions.map((r) => r.token_hash)).not.toContain(token);
    const admin = await s.db
      .selectFrom('staff')
      .select('password_hash')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(admin.password_hash).not.toContain(ADMIN_PASSWORD);
  });
});

describe('GET /auth/info', () => {
  it('returns the account, roles, name, avatar and introduction for the X-Token header', async () => {
    const res = await s.call<UserInfo>('GET', '/auth/info', { token: s.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      userName: 'admin',
      roles: ['admin'],
      name: 'Administrator',
      avatar: '',
      introduction: '',
    });
  });

  it('also accepts ?token= as the original console sent it', async () => {
    const res = await s.call<UserInfo>('GET', `/auth/info?token=${encodeURIComponent(s.adminToken)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.roles).toEqual(['admin']);
  });
});

describe('token checks', () => {
  const page = { pageNum: 1, pageSize: 10 };

  it('answers 50008 without a token, with an unknown token, and for ?token= outside /auth/info', async () => {
    for (const opts of [{}, { token: 'not-a-real-token' }]) {
      const res = await s.call('POST', '/book/page', { body: page, ...opts });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(50008);
    }
    const viaQuery = await s.call('POST', `/book/page?token=${encodeURIComponent(s.adminToken)}`, { body: page });
    expect(viaQuery.body.code).toBe(50008);
  });

  it('never authenticates by cookie', async () => {
    const res = await s.call('POST', '/book/page', {
      body: page,
      headers: { Cookie: `Authorization=${s.adminToken}; X-Token=${s.adminToken}` },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(50008);
  });

  it('revokes the token on logout, and on the original console path too', async () => {
    for (const path of ['/auth/logout', '/vue-element-admin/user/logout']) {
      const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
      const out = await s.call('POST', path, { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ code: 20000, msg: 'ok', data: null });
      const after = await s.call('GET', '/auth/info', { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(50008);
    }
  });

  it('expires an idle token with 50014, then forgets it (50008)', async () => {
    const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
    s.advance(10 * 60_000 + 1_000);
    const expired = await s.call('GET', '/auth/info', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 50014, msg: 'Token expired' });
    const again = await s.call('GET', '/auth/info', { token });
    expect(again.body.code).toBe(50008);
  });

  it('keeps a token alive while it is used (idle expiry, not absolute)', async () => {
    const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
    for (let i = 0; i < 4; i++) {
      s.advance(8 * 60_000);
      const res = await s.call('GET', '/auth/info', { token });
      expect(res.status).toBe(200);
    }
  });

  it('expires exactly to the request: idle time counts from the last request, not from a once-a-minute mark', async () => {
    const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
    const hash = createHash('sha256').update(token).digest('hex');
    const seen = async () =>
      (await s.db.selectFrom('session').select('last_seen_at').where('token_hash', '=', hash).executeTakeFirstOrThrow())
        .last_seen_at;
    const signedIn = Date.parse(await seen());
    // A request 59 s after sign-in is recorded: every request marks the session used.
    s.advance(59_000);
    expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    expect(Date.parse(await seen()) - signedIn).toBeGreaterThanOrEqual(59_000);
    // Idle 10 minutes less one second since that request (10 min 58 s since sign-in): still alive.
    s.advance(10 * 60_000 - 1_000);
    expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    // Idle 10 minutes and 1 ms since the last request: refused by this very request.
    s.advance(10 * 60_000 + 1);
    const expired = await s.call('GET', '/auth/info', { token });
    expect(expired.body.code).toBe(50014);
  });

  it('never moves last_seen_at backwards', async () => {
    const { token } = (await s.login('admin', ADMIN_PASSWORD)).body.data;
    const hash = createHash('sha256').update(token).digest('hex');
    const later = new Date(Date.now() + 24 * 3_600_000).toISOString();
    await s.db.updateTable('session').set({ last_seen_at: later }).where('token_hash', '=', hash).execute();
    expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    const row = await s.db
      .selectFrom('session')
      .select('last_seen_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(later);
  });
});
