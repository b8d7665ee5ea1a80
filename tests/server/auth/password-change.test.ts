import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '../../../src/contract/auth';
import type { InvalidData } from '../../../src/contract/envelope';
import { passwordVerifications } from '../../../src/server/auth/password';
import { ADMIN_PASSWORD, createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile({ config: { loginMaxFailures: 3, loginWindowSeconds: 60 } });

const change = (token: string, oldPassword: string, newPassword: string) =>
  s.call<InvalidData | null>('PUT', '/auth/password', { token, body: { oldPassword, newPassword } });

const tokenOf = async (userName: string, password: string) => {
  const res = await s.login(userName, password);
  expect(res.status).toBe(200);
  return res.body.data.token;
};

let phone = 13900000400;
async function staff(userName: string, password: string, mustChange = false) {
  const fields = { userName, phone: String(++phone), roles: ['operator'], password, mustChange };
  return { ...(await createStaff(s, fields)), phone: fields.phone };
}

describe('PUT /auth/password', () => {
  it('changes the password and ends every other session of the member, keeping this one', async () => {
    await staff('nina', 'Nina-pass-123');
    const here = await tokenOf('nina', 'Nina-pass-123');
    const elsewhere = await tokenOf('nina', 'Nina-pass-123');
    const res = await change(here, 'Nina-pass-123', 'Nina-new-pass-456');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 20000, msg: 'ok', data: null });
    expect((await s.call('GET', '/auth/info', { token: here })).status).toBe(200);
    expect((await s.call('GET', '/auth/info', { token: elsewhere })).body.code).toBe(50008);
    expect((await s.login('nina', 'Nina-pass-123')).body.code).toBe(60204);
    expect((await s.login('nina', 'Nina-new-pass-456')).status).toBe(200);
    // Audited without the password itself.
    const audit = await s.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'staff')
      .where('actor_name', '=', 'nina')
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
      ['update', { password: '(changed)' }],
      ['update', { password: '(changed)' }],
    ]);
  });

  it('answers 40000 on oldPassword when the current password is wrong, and changes nothing', async () => {
    await staff('olga', 'Olga-pass-123');
    const token = await tokenOf('olga', 'Olga-pass-123');
    const res = await change(token, 'not-my-password', 'Olga-new-pass-456');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data?.errors).toEqual([
      { path: 'oldPassword', message: 'is not your current password', code: 'password_wrong' },
    ]);
    expect((await s.login('olga', 'Olga-pass-123')).status).toBe(200);
  });

  describe('a weak new password', () => {
    let token: string;
    beforeAll(async () => {
      await staff('pavel', 'Pavel-pass-123');
      token = await tokenOf('pavel', 'Pavel-pass-123');
    });

    it.each([
      ['Short-1', 'at least 12 characters', { code: 'min_length', params: { min: 12 } }],
      ['password1234', 'too common: it appears in lists of breached passwords', { code: 'password_common' }],
      ['aaaaaaaaaaaa', 'too easy to guess', { code: 'password_weak' }],
      ['Pavel-pass-123', 'must differ from the current password', { code: 'password_same' }],
    ])('%s is refused on newPassword: %s', async (weak, message, reason) => {
      const res = await change(token, 'Pavel-pass-123', weak);
      expect(res.status).toBe(400);
      expect(res.body.data?.errors).toEqual([{ path: 'newPassword', message, ...reason }]);
      expect((await s.login('pavel', 'Pavel-pass-123')).status).toBe(200);
    });
  });

  it('refuses a password made of the member’s own name', async () => {
    await createStaff(s, {
      userName: 'quentin',
      name: 'Quentin Tarantula',
      phone: '13912345678',
      roles: ['operator'],
      password: 'Quentin-pass-123',
    });
    const token = await tokenOf('quentin', 'Quentin-pass-123');
    const res = await change(token, 'Quentin-pass-123', 'QuentinTarantula');
    expect(res.body.data?.errors).toEqual([
      { path: 'newPassword', message: 'too easy to guess', code: 'password_weak' },
    ]);
  });

  it('limits wrong current passwords like sign-in guesses, even when they arrive at once', async () => {
    await staff('rosa', 'Rosa-pass-123');
    const token = await tokenOf('rosa', 'Rosa-pass-123');
    const checksBefore = passwordVerifications();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => change(token, `guess-${i}-wrong`, 'Rosa-new-pass-456')),
    );
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(3);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(9);
    expect(passwordVerifications() - checksBefore).toBe(3);
    // Locked: the right current password is refused too, unchecked.
    const checksBeforeRefusal = passwordVerifications();
    const refused = await change(token, 'Rosa-pass-123', 'Rosa-new-pass-456');
    expect(passwordVerifications()).toBe(checksBeforeRefusal);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42900);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    s.advance(61_000);
    expect((await change(token, 'Rosa-pass-123', 'Rosa-new-pass-456')).status).toBe(200);
  });

  it('names both fields when they are missing', async () => {
    const res = await s.call<InvalidData>('PUT', '/auth/password', { token: s.adminToken, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.map((e) => e.path).sort()).toEqual(['newPassword', 'oldPassword']);
  });
});

describe('a password set by an admin', () => {
  it('must be changed: sign-in and info say so, every other call answers 40310 until it is', async () => {
    const { id } = await staff('sam', 'Sam-admin-set-1', true);
    const signIn = await s.login('sam', 'Sam-admin-set-1');
    expect(signIn.status).toBe(200);
    expect(signIn.body.data).toMatchObject({ mustChangePassword: true });
    const token = (signIn.body.data as LoginResult).token;
    const info = await s.call<UserInfo>('GET', '/auth/info', { token });
    expect(info.body.data.mustChangePassword).toBe(true);

    for (const [method, path, body] of [
      ['POST', '/book/page', { pageNum: 1, pageSize: 10 }],
      ['GET', '/category/list', undefined],
      ['GET', '/auth/sessions', undefined],
      ['GET', '/no/such/route', undefined],
    ] as const) {
      const res = await s.call(method, path, { token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe(40310);
      expect(res.body.msg).toMatch(/change it/);
    }

    expect((await change(token, 'Sam-admin-set-1', 'Sams-own-choice-9')).status).toBe(200);
    const after = await s.call<UserInfo>('GET', '/auth/info', { token });
    expect(after.body.data).not.toHaveProperty('mustChangePassword');
    expect((await s.call('POST', '/book/page', { token, body: { pageNum: 1, pageSize: 10 } })).status).toBe(200);
    const again = await s.login('sam', 'Sams-own-choice-9');
    expect(again.body.data).not.toHaveProperty('mustChangePassword');
    expect(
      (await s.db.selectFrom('staff').select('must_change_password').where('id', '=', id).executeTakeFirstOrThrow())
        .must_change_password,
    ).toBe(0);
  });

  it('still lets the member sign out while the change is pending', async () => {
    await staff('tara', 'Tara-admin-set-1', true);
    const token = await tokenOf('tara', 'Tara-admin-set-1');
    expect((await s.call('POST', '/auth/logout', { token })).status).toBe(200);
    expect((await s.call('GET', '/auth/info', { token })).body.code).toBe(50008);
  });

  it('on reset ends every session of the member and must be changed again', async () => {
    const { id, version, phone: ugoPhone } = await staff('ugo', 'Ugo-own-pass-123');
    const tokens = [await tokenOf('ugo', 'Ugo-own-pass-123'), await tokenOf('ugo', 'Ugo-own-pass-123')];
    const reset = await s.call('PUT', '/user', {
      token: s.adminToken,
      body: {
        id,
        version,
        userName: 'ugo',
        phone: ugoPhone,
        name: 'ugo',
        roles: ['operator'],
        status: 'active',
        password: 'Reset-by-admin-7',
      },
    });
    expect(reset.status).toBe(200);
    for (const token of tokens) expect((await s.call('GET', '/auth/info', { token })).body.code).toBe(50008);
    expect((await s.login('ugo', 'Reset-by-admin-7')).body.data).toMatchObject({ mustChangePassword: true });
  });
});

describe('the staff form (POST/PUT /user)', () => {
  const body = (over: Record<string, unknown>) => ({
    userName: 'vince',
    phone: '13900000499',
    name: 'Vince',
    roles: ['operator'],
    status: 'active',
    ...over,
  });

  it.each([
    ['Short-1', 'at least 12 characters', { code: 'min_length', params: { min: 12 } }],
    ['password1234', 'too common: it appears in lists of breached passwords', { code: 'password_common' }],
    ['aaaaaaaaaaaa', 'too easy to guess', { code: 'password_weak' }],
    ['VinceVince13900000499', 'too easy to guess', { code: 'password_weak' }],
  ])('refuses %s as a new member’s password: %s', async (weak, message, reason) => {
    const res = await s.call<InvalidData>('POST', '/user', { token: s.adminToken, body: body({ password: weak }) });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ path: 'password', message, ...reason }]);
  });

  it('never sets the signed-in admin’s own password', async () => {
    const before = await s.db.selectFrom('staff').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const res = await s.call<InvalidData>('PUT', '/user', {
      token: s.adminToken,
      body: {
        id: 1,
        version: before.version,
        userName: 'admin',
        phone: '13800000000',
        name: 'Administrator',
        roles: ['admin'],
        status: 'active',
        password: 'Admins-new-pass-1',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { path: 'password', message: 'change your own password on the Change password page', code: 'own_password' },
    ]);
    const after = await s.db.selectFrom('staff').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await s.login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});
