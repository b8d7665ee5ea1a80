import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MfaChallengeResult, MfaStatus, RecoveryCodes, TotpSetup } from '../../../src/contract/mfa';
import type { SecurityEventKind } from '../../../src/contract/security-events';
import { totpCode } from '../../../src/server/auth/totp';
import { TEST_ENGINE } from '../helpers/database';
import { npmRun } from '../helpers/npm-run';
import { createStaff, startTestServer, type TestServer } from '../helpers/test-server';

// Two-step sign-in (docs/accounts.md): enrolment, the code step, its limits, enforcement by role,
// the administrator's reset and the step-up before a change of sign-in details.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { loginMaxFailures: 4, loginWindowSeconds: 600 } });
});
afterAll(() => s.close());
afterEach(() => {
  s.services.config.mfaRequired = 'none';
});

let n = 0;
/** A fresh operator (or admin) signed in with a password; its own name, so tests do not share limits. */
async function member(roles: string[] = ['operator']) {
  n++;
  const userName = `mfa${n}`;
  const password = `Mfa-member-pass-${n}`;
  const { id } = await createStaff(s, { userName, phone: `1390001${String(n).padStart(4, '0')}`, roles, password });
  const res = await s.login(userName, password);
  expect(res.status).toBe(200);
  return { id, userName, password, token: res.body.data.token };
}

/** Enrols an authenticator app from the account page; returns its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await s.call<TotpSetup>('POST', '/auth/mfa/totp', { token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  const confirmed = await s.call<RecoveryCodes>('POST', '/auth/mfa/totp/confirm', {
    token,
    body: { code: totpCode(secret, s.now()) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, codes: confirmed.body.data.recoveryCodes, setup: setup.body.data };
}

const challengeOf = async (userName: string, password: string) => {
  const res = await s.call<MfaChallengeResult & { token?: string }>('POST', '/auth/login', {
    body: { userName, password },
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
const withCode = (challenge: string, code: string) =>
  s.call<{ token: string }>('POST', '/auth/login/code', { body: { challenge, code } });

/** The next 30-second step, so a code of a new step is available (a code is good once). */
const nextStep = () => s.advance(30_000);

const events = (recordId: number, action: SecurityEventKind) =>
  s.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', 'security')
    .where('record_id', '=', recordId)
    .where('action', '=', action)
    .execute();

describe('two-step sign-in', () => {
  it('enrols an authenticator app: QR and secret, one code confirms it, ten recovery codes stored hashed', async () => {
    const m = await member();
    const setup = await s.call<TotpSetup>('POST', '/auth/mfa/totp', { token: m.token });
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/Lectern:mfa\d+\?.*algorithm=SHA1.*digits=6.*period=30/);
    expect(setup.body.data.qrSvg).toMatch(/^<svg/);
    const wrong = await s.call('POST', '/auth/mfa/totp/confirm', { token: m.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect((await s.call<MfaStatus>('GET', '/auth/mfa', { token: m.token })).body.data.totp).toBe(false);
    const ok = await s.call<RecoveryCodes>('POST', '/auth/mfa/totp/confirm', {
      token: m.token,
      body: { code: totpCode(setup.body.data.secret, s.now()) },
    });
    expect(ok.status).toBe(200);
    const codes = ok.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const stored = await s.db.selectFrom('staff_recovery_code').selectAll().where('staff_id', '=', m.id).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^scrypt\$/);
      for (const c of codes) expect(row.code_hash).not.toContain(c.replace('-', ''));
    }
    expect((await s.call<MfaStatus>('GET', '/auth/mfa', { token: m.token })).body.data).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect(await events(m.id, 'factor_enrolled')).toHaveLength(1);
  });

  it('a password alone gives a challenge, not a session: an API call with it is 401; the code gives the token', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);
    nextStep();
    const data = await challengeOf(m.userName, m.password);
    expect(data.mfaRequired).toBe(true);
    expect(data.token).toBeUndefined();
    for (const path of ['/auth/info', '/book/page', '/auth/mfa'])
      expect((await s.call('GET', path, { token: data.challenge })).status).toBe(401);
    const signedIn = await withCode(data.challenge, totpCode(secret, s.now()));
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/lectern_device_/);
    expect((await s.call('GET', '/auth/info', { token: signedIn.body.data.token })).status).toBe(200);
    // The challenge is used up.
    nextStep();
    expect((await withCode(data.challenge, totpCode(secret, s.now()))).status).toBe(401);
  });

  it('refuses a replayed code, accepts one of the previous 30 s step, not older', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);
    nextStep();
    const code = totpCode(secret, s.now());
    expect((await withCode((await challengeOf(m.userName, m.password)).challenge, code)).status).toBe(200);
    // The same code again, in the same step: refused.
    const replay = await withCode((await challengeOf(m.userName, m.password)).challenge, code);
    expect(replay.status).toBe(400);
    expect(replay.body.data).toMatchObject({ errors: [{ path: 'code' }] });
    s.advance(90_000);
    const before = new Date(s.now().getTime() - 30_000);
    const older = new Date(s.now().getTime() - 60_000);
    expect(
      (await withCode((await challengeOf(m.userName, m.password)).challenge, totpCode(secret, older))).status,
    ).toBe(400);
    expect(
      (await withCode((await challengeOf(m.userName, m.password)).challenge, totpCode(secret, before))).status,
    ).toBe(200);
  });

  it('a recovery code signs in once; the second use is refused', async () => {
    const m = await member();
    const { codes } = await enrol(m.token);
    const code = codes[3] ?? '';
    const first = await withCode((await challengeOf(m.userName, m.password)).challenge, code.toLowerCase());
    expect(first.status).toBe(200);
    expect(await events(m.id, 'recovery_code_used')).toHaveLength(1);
    const again = await withCode((await challengeOf(m.userName, m.password)).challenge, code);
    expect(again.status).toBe(400);
    expect((await s.call<MfaStatus>('GET', '/auth/mfa', { token: first.body.data.token })).body.data).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('wrong codes count against the sign-in limits: 429, even for the right code and password next', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);
    const { challenge } = await challengeOf(m.userName, m.password);
    for (let i = 0; i < 4; i++) expect((await withCode(challenge, '123456')).status).toBe(400);
    nextStep();
    const locked = await withCode(challenge, totpCode(secret, s.now()));
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(42900);
    expect((await s.login(m.userName, m.password)).status).toBe(429);
    expect((await events(m.id, 'mfa_failed')).length).toBeGreaterThanOrEqual(4);
    expect((await events(m.id, 'lockout')).map((e) => e.reason)).toContain('account');
    // A right password in between does not clear the count.
    s.advance(601_000);
  });

  it('enforces enrolment by role: admin (default), all, none', async () => {
    const admin = await member(['admin']);
    const op = await member();
    s.services.config.mfaRequired = 'admin';
    const a = await challengeOf(admin.userName, admin.password);
    expect(a.mfaEnrolRequired).toBe(true);
    expect((await s.call('GET', '/auth/info', { token: a.challenge })).status).toBe(401);
    expect((await challengeOf(op.userName, op.password)).token).toBeTruthy();
    s.services.config.mfaRequired = 'all';
    expect((await challengeOf(op.userName, op.password)).mfaEnrolRequired).toBe(true);
    s.services.config.mfaRequired = 'none';
    expect((await challengeOf(admin.userName, admin.password)).token).toBeTruthy();

    // Enrolment on the sign-in page: QR and secret, a code, then the session and the recovery codes.
    s.services.config.mfaRequired = 'admin';
    const { challenge } = await challengeOf(admin.userName, admin.password);
    const setup = await s.call<TotpSetup>('POST', '/auth/login/enrol/start', { body: { challenge } });
    expect(setup.status).toBe(200);
    expect(setup.body.data.qrSvg).toMatch(/^<svg/);
    const done = await s.call<{ token: string; recoveryCodes: string[] }>('POST', '/auth/login/enrol/confirm', {
      body: { challenge, code: totpCode(setup.body.data.secret, s.now()) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    expect((await s.call('GET', '/auth/info', { token: done.body.data.token })).status).toBe(200);
    // The enrolment challenge is spent; the next sign-in asks for a code.
    expect((await s.call('POST', '/auth/login/enrol/start', { body: { challenge } })).status).toBe(401);
    expect((await challengeOf(admin.userName, admin.password)).mfaRequired).toBe(true);
  });

  it('a new administrator changes the password first, then must enrol before any full session', async () => {
    s.services.config.mfaRequired = 'admin';
    const password = 'Given-by-admin-77';
    await createStaff(s, { userName: 'newboss', phone: '13900019999', roles: ['admin'], password, mustChange: true });
    const first = await challengeOf('newboss', password);
    expect(first.token).toBeTruthy();
    const changed = await s.call<MfaChallengeResult>('PUT', '/auth/password', {
      token: first.token,
      body: { oldPassword: password, newPassword: 'My-own-choice-of-88' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.mfaEnrolRequired).toBe(true);
    // The restricted session is over: nothing opens before the factor exists.
    expect((await s.call('GET', '/auth/info', { token: first.token })).status).toBe(401);
    const setup = await s.call<TotpSetup>('POST', '/auth/login/enrol/start', {
      body: { challenge: changed.body.data.challenge },
    });
    const done = await s.call<{ token: string }>('POST', '/auth/login/enrol/confirm', {
      body: { challenge: changed.body.data.challenge, code: totpCode(setup.body.data.secret, s.now()) },
    });
    expect(done.status).toBe(200);
    expect((await s.call('GET', '/auth/sessions', { token: done.body.data.token })).status).toBe(200);
  });

  it('an administrator resets a member: factors gone, sessions ended, audited', async () => {
    const m = await member();
    await enrol(m.token);
    const res = await s.call<{ hadFactor: boolean; sessionsEnded: number }>('POST', `/user/${m.id}/reset-mfa`, {
      token: s.adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ hadFactor: true, sessionsEnded: 1 });
    expect((await s.call('GET', '/auth/info', { token: m.token })).status).toBe(401);
    const [event] = await events(m.id, 'factors_reset');
    expect(event).toMatchObject({ actor_name: 'admin', reason: 'admin' });
    expect((await events(m.id, 'session_ended')).map((e) => e.reason)).toContain('factors_reset');
    expect(await s.db.selectFrom('staff_recovery_code').selectAll().where('staff_id', '=', m.id).execute()).toEqual([]);
    // A password alone signs in again.
    expect((await challengeOf(m.userName, m.password)).token).toBeTruthy();
    // Not an operator's to do, nor one's own.
    const op = await member();
    expect((await s.call('POST', `/user/${m.id}/reset-mfa`, { token: op.token })).status).toBe(403);
    const me = (await s.call<{ id: number }>('GET', '/auth/info', { token: s.adminToken })).body.data.id;
    expect((await s.call('POST', `/user/${me}/reset-mfa`, { token: s.adminToken })).status).toBe(400);
  });

  it('asks for a recent sign-in before changing sign-in details (40311), then POST /auth/reauth', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);
    s.advance(6 * 60_000);
    const refused = await s.call('POST', '/auth/mfa/recovery-codes', { token: m.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40311);
    expect((await s.call('DELETE', '/auth/mfa/totp', { token: m.token })).body.code).toBe(40311);
    const pwd = await s.call('PUT', '/auth/password', {
      token: m.token,
      body: { oldPassword: m.password, newPassword: 'A-new-long-one-4455' },
    });
    expect(pwd.body.code).toBe(40311);
    expect((await s.call('POST', '/auth/reauth', { token: m.token, body: { password: 'nope' } })).status).toBe(400);
    expect(
      (await s.call('POST', '/auth/reauth', { token: m.token, body: { code: totpCode(secret, s.now()) } })).status,
    ).toBe(200);
    const regenerated = await s.call<RecoveryCodes>('POST', '/auth/mfa/recovery-codes', { token: m.token });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.recoveryCodes).toHaveLength(10);
    expect((await s.call('DELETE', '/auth/mfa/totp', { token: m.token })).status).toBe(200);
    expect(await events(m.id, 'factor_removed')).toHaveLength(1);
    // Without a factor the current password is the check.
    s.advance(6 * 60_000);
    expect((await s.call('POST', '/auth/mfa/totp', { token: m.token })).body.code).toBe(40311);
    expect((await s.call('POST', '/auth/reauth', { token: m.token, body: { password: m.password } })).status).toBe(200);
    expect((await s.call('POST', '/auth/mfa/totp', { token: m.token })).status).toBe(200);
  });

  it("asks the same before an administrator changes their own account's phone (a sign-in name)", async () => {
    const me = await member(['admin']);
    const body = {
      id: me.id,
      userName: me.userName,
      name: me.userName,
      roles: ['admin'],
      status: 'active',
      version: 0,
    };
    s.advance(6 * 60_000);
    const refused = await s.call('PUT', '/user', { token: me.token, body: { ...body, phone: '13900029999' } });
    expect(refused.body.code).toBe(40311);
    expect((await s.call('POST', '/auth/reauth', { token: me.token, body: { password: me.password } })).status).toBe(
      200,
    );
    expect((await s.call('PUT', '/user', { token: me.token, body: { ...body, phone: '13900029999' } })).status).toBe(
      200,
    );
  });

  it('ends the other sessions on request after a change', async () => {
    const m = await member();
    const other = (await s.login(m.userName, m.password)).body.data.token;
    const res = await s.call<{ ended: number }>('POST', '/auth/sessions/end-others', { token: m.token });
    expect(res.body.data.ended).toBe(1);
    expect((await s.call('GET', '/auth/info', { token: other })).status).toBe(401);
    expect((await s.call('GET', '/auth/info', { token: m.token })).status).toBe(200);
  });

  // The test server's PostgreSQL database has no URL of its own to hand to a process: SQLite only.
  it.skipIf(TEST_ENGINE === 'postgres')(
    'npm run reset-mfa -- <account>: the same reset from the command line',
    async () => {
      const m = await member();
      await enrol(m.token);
      const res = await npmRun('reset-mfa', [m.userName], { LECTERN_DATA: s.dataDir, DATABASE_URL: undefined });
      expect(res.output).toContain(`${m.userName}: two-step sign-in removed, 1 session(s) ended`);
      expect(res.code).toBe(0);
      expect((await s.call('GET', '/auth/info', { token: m.token })).status).toBe(401);
      expect((await events(m.id, 'factors_reset'))[0]).toMatchObject({ reason: 'cli', actor_name: 'system' });
      expect(
        (await npmRun('reset-mfa', ['nobody-here'], { LECTERN_DATA: s.dataDir, DATABASE_URL: undefined })).code,
      ).toBe(1);
    },
    60_000,
  );
});
