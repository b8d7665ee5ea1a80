import { describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/contract/auth';
import { hashToken } from '../../../src/server/auth/tokens';
import { loadConfig } from '../../../src/server/config';
import { ADMIN_PASSWORD, testServerForFile } from '../helpers/test-server';
import { userKeyOf } from './user-key';

/** Sessions end (ASVS 3.3): LECTERN_SESSION_MAX_HOURS after sign-in, however active. */
const s = testServerForFile({ config: { tokenIdleMinutes: 60, sessionMaxHours: 3 } });

const signIn = async (remember = false) => {
  const res = await s.call<LoginResult>('POST', '/auth/login', {
    body: { userName: 'admin', password: ADMIN_PASSWORD, remember },
  });
  expect(res.status).toBe(200);
  return res.body.data.token;
};

describe('the absolute session lifetime', () => {
  it('ends an active session at its end, for the token and the cookie alike', async () => {
    const token = await signIn(true);
    const worker = await signIn(true);
    const asWorker = async () =>
      s.call('GET', '/category/list', {
        headers: { Cookie: `lectern_session=${worker}`, 'X-Lectern-Session': await userKeyOf(worker) },
      });
    // Used every 50 minutes: never idle, yet over after 3 hours.
    for (let i = 0; i < 3; i++) {
      s.advance(50 * 60_000);
      expect((await s.call('GET', '/category/list', { token })).status).toBe(200);
      expect((await asWorker()).status).toBe(200);
    }
    s.advance(35 * 60_000);
    const expired = await s.call('GET', '/category/list', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 50014, msg: 'Token expired' });
    const workerExpired = await asWorker();
    expect(workerExpired.body.code).toBe(50014);
    expect(workerExpired.headers.getSetCookie()).toEqual([expect.stringMatching(/^lectern_session=; Max-Age=0;/)]);
    // Gone, and removed from the sessions table.
    expect((await s.call('GET', '/auth/info', { token })).body.code).toBe(50008);
    const left = await s.db.selectFrom('session').select('token_hash').execute();
    expect(left.map((r) => r.token_hash)).not.toContain(hashToken(token));
  });

  it('holds a session to a lowered setting, whatever its stored end', async () => {
    const token = await signIn();
    // As if it had been signed in under a longer setting.
    await s.db
      .updateTable('session')
      .set({ expires_at: new Date(s.now().getTime() + 100 * 3_600_000).toISOString() })
      .execute();
    for (let i = 0; i < 3; i++) {
      s.advance(59 * 60_000);
      expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    }
    s.advance(5 * 60_000);
    expect((await s.call('GET', '/auth/info', { token })).body.code).toBe(50014);
  });

  it('purges ended sessions at the next sign-in', async () => {
    await signIn();
    s.advance(3 * 3_600_000 + 1_000);
    await signIn();
    const rows = await s.db.selectFrom('session').select(['created_at']).execute();
    expect(rows.every((r) => Date.parse(r.created_at) > s.now().getTime() - 3 * 3_600_000)).toBe(true);
  });
});

describe('LECTERN_SESSION_MAX_HOURS', () => {
  it('defaults to 12 hours (a working day) and is at most 400 days, as browsers keep a cookie', () => {
    expect(loadConfig({}).app.sessionMaxHours).toBe(12);
    expect(loadConfig({ LECTERN_SESSION_MAX_HOURS: '8' }).app.sessionMaxHours).toBe(8);
    expect(() => loadConfig({ LECTERN_SESSION_MAX_HOURS: '9601' })).toThrow(
      /LECTERN_SESSION_MAX_HOURS: must be at most 9600/,
    );
    expect(() => loadConfig({ LECTERN_SESSION_MAX_HOURS: '0' })).toThrow(/must be at least 0.0167/);
    // A fraction, down to a minute (the end-to-end tests' short sessions).
    expect(loadConfig({ LECTERN_SESSION_MAX_HOURS: '0.05' }).app.sessionMaxHours).toBe(0.05);
    expect(() => loadConfig({ LECTERN_SESSION_MAX_HOURS: '0.01' })).toThrow(/must be at least 0.0167/);
    expect(() => loadConfig({ LECTERN_SESSION_MAX_HOURS: '12h' })).toThrow(/must be a number of hours/);
  });
});
