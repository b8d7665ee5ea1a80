import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '../../../src/contract/auth';
import { type CallResult, createStaff, testServerForFile } from '../helpers/test-server';
import { userKeyOf } from './user-key';

/**
 * The service worker's credential (src/server/auth/session-cookie.ts): the HttpOnly cookie
 * `lectern_session`, accepted only with `X-Lectern-Session` = userKeyOf(its token), computed here
 * from the documented formula (docs/api-additions.md), independently of the server's code.
 */
const s = testServerForFile({ config: { tokenIdleMinutes: 30, sessionMaxHours: 48, trustProxy: true } });

let phone = 13900000900;
const member = (userName: string, password: string, mustChange = false) =>
  createStaff(s, { userName, phone: String(++phone), roles: ['operator'], password, mustChange });

beforeAll(async () => {
  await member('olga', 'Olga-pass-1234');
  await member('piet', 'Piet-pass-1234');
  await member('quin', 'Quin-pass-1234', true);
});

const signIn = async (userName: string, password: string, remember?: boolean, headers?: Record<string, string>) => {
  const res = await s.call<LoginResult>('POST', '/auth/login', {
    body: { userName, password, ...(remember === undefined ? {} : { remember }) },
    headers,
  });
  expect(res.status).toBe(200);
  return res;
};

const sessionCookieOf = (res: CallResult) => res.headers.getSetCookie().find((c) => c.startsWith('lectern_session='));

/** A request as the worker sends it: the cookie, and the header naming the session it acts for. */
async function asWorker<T>(method: string, path: string, cookieToken: string, key?: string, body?: unknown) {
  return s.call<T>(method, path, {
    body,
    headers: {
      Cookie: `lectern_session=${cookieToken}`,
      ...(key === undefined ? {} : { 'X-Lectern-Session': key }),
    },
  });
}

describe('the session cookie at sign-in', () => {
  it('is HttpOnly, SameSite=Strict, for /prod-api, and a browser-session cookie without "remember"', async () => {
    for (const remember of [undefined, false]) {
      const res = await signIn('olga', 'Olga-pass-1234', remember);
      const token = res.body.data.token;
      expect(sessionCookieOf(res)).toBe(`lectern_session=${token}; Path=/prod-api; HttpOnly; SameSite=Strict`);
      expect(res.body.data).toEqual({ token });
    }
  });

  it('with "remember" lasts until the session’s absolute end, never longer, and says when', async () => {
    const res = await signIn('olga', 'Olga-pass-1234', true);
    const { token, expiresAt } = res.body.data;
    const cookie = sessionCookieOf(res) ?? '';
    expect(cookie).toMatch(
      new RegExp(`^lectern_session=${token}; Max-Age=\\d+; Path=/prod-api; HttpOnly; SameSite=Strict$`),
    );
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(48 * 3600);
    expect(maxAge).toBeGreaterThan(48 * 3600 - 60);
    // The answer's expiresAt is the session's stored end, which the cookie does not outlive.
    const row = await s.db
      .selectFrom('session')
      .select(['expires_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(expiresAt).toBe(row.expires_at);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(48 * 3_600_000);
    expect(Date.parse(row.created_at) / 1000 + maxAge).toBeLessThanOrEqual(Date.parse(row.expires_at) / 1000);
  });

  it('is Secure over https', async () => {
    const res = await signIn('olga', 'Olga-pass-1234', true, { 'X-Forwarded-Proto': 'https' });
    expect(sessionCookieOf(res)).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('refuses a remember that is not a boolean, and a client sending only the contract’s fields works', async () => {
    const bad = await s.call('POST', '/auth/login', {
      body: { userName: 'olga', password: 'Olga-pass-1234', remember: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40000);
    expect((await s.login('olga', 'Olga-pass-1234')).status).toBe(200);
  });
});

describe('the cookie as a credential', () => {
  it('acts for its member only with X-Lectern-Session naming the same session', async () => {
    const token = (await signIn('olga', 'Olga-pass-1234')).body.data.token;
    const res = await asWorker<UserInfo>('GET', '/auth/info', token, await userKeyOf(token));
    expect(res.status).toBe(200);
    expect(res.body.data.userName).toBe('olga');
    // A write too: the worker's queued edits.
    const made = await asWorker<{ id: number }>('POST', '/category', token, await userKeyOf(token), {
      name: 'Made by the worker',
      sort: 0,
    });
    expect(made.status).toBe(201);
  });

  it('is refused without the header, with a wrong one, or with another member’s key, acting for nobody', async () => {
    const olga = (await signIn('olga', 'Olga-pass-1234')).body.data.token;
    const piet = (await signIn('piet', 'Piet-pass-1234')).body.data.token;
    const name = `Never made ${Date.now()}`;
    for (const key of [undefined, '', 'x'.repeat(32), await userKeyOf(piet), (await userKeyOf(olga)).toUpperCase()]) {
      const res = await asWorker('POST', '/category', olga, key, { name, sort: 0 });
      expect(res.status, String(key)).toBe(401);
      expect(res.body.code).toBe(50008);
      // Not cleared: the cookie may still be good for the session it names.
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    // Piet signed in on the profile since: the cookie is his, a request meant for Olga acts for nobody.
    const meantForOlga = await asWorker('GET', '/auth/info', piet, await userKeyOf(olga));
    expect(meantForOlga.body.code).toBe(50008);
    expect(await s.db.selectFrom('category').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  it('never replaces X-Token: the header’s session wins', async () => {
    const olga = (await signIn('olga', 'Olga-pass-1234')).body.data.token;
    const piet = (await signIn('piet', 'Piet-pass-1234')).body.data.token;
    const res = await s.call<UserInfo>('GET', '/auth/info', {
      token: piet,
      headers: { Cookie: `lectern_session=${olga}`, 'X-Lectern-Session': await userKeyOf(olga) },
    });
    expect(res.body.data.userName).toBe('piet');
    // A bad X-Token is refused, not rescued by the cookie.
    const bad = await s.call('GET', '/auth/info', {
      token: 'not-a-token',
      headers: { Cookie: `lectern_session=${olga}`, 'X-Lectern-Session': await userKeyOf(olga) },
    });
    expect(bad.body.code).toBe(50008);
  });

  it('ends with sign-out, which clears it', async () => {
    const token = (await signIn('olga', 'Olga-pass-1234', true)).body.data.token;
    const key = await userKeyOf(token);
    const out = await s.call('POST', '/auth/logout', { token, headers: { Cookie: `lectern_session=${token}` } });
    expect(out.status).toBe(200);
    expect(sessionCookieOf(out)).toBe('lectern_session=; Max-Age=0; Path=/prod-api; HttpOnly; SameSite=Strict');
    const after = await asWorker('GET', '/auth/info', token, key);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50008);
    // The refusal of a cookie whose session is gone clears it as well.
    expect(sessionCookieOf(after)).toMatch(/^lectern_session=; Max-Age=0;/);
  });

  it('leaves another member’s cookie alone at sign-out', async () => {
    const olga = (await signIn('olga', 'Olga-pass-1234')).body.data.token;
    const piet = (await signIn('piet', 'Piet-pass-1234')).body.data.token;
    const out = await s.call('POST', '/auth/logout', { token: olga, headers: { Cookie: `lectern_session=${piet}` } });
    expect(sessionCookieOf(out)).toBeUndefined();
    expect((await asWorker('GET', '/auth/info', piet, await userKeyOf(piet))).status).toBe(200);
  });

  it('ends after the idle limit (50014), then is unknown', async () => {
    const token = (await signIn('olga', 'Olga-pass-1234', true)).body.data.token;
    const key = await userKeyOf(token);
    s.advance(31 * 60_000);
    const expired = await asWorker('GET', '/auth/info', token, key);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(50014);
    expect(sessionCookieOf(expired)).toMatch(/^lectern_session=; Max-Age=0;/);
    expect((await asWorker('GET', '/auth/info', token, key)).body.code).toBe(50008);
  });

  it('ends when the password is changed elsewhere', async () => {
    const worker = (await signIn('piet', 'Piet-pass-1234', true)).body.data.token;
    const page = (await signIn('piet', 'Piet-pass-1234')).body.data.token;
    const key = await userKeyOf(worker);
    expect((await asWorker('GET', '/category/list', worker, key)).status).toBe(200);
    const changed = await s.call('PUT', '/auth/password', {
      token: page,
      body: { oldPassword: 'Piet-pass-1234', newPassword: 'Piet-new-pass-5678' },
    });
    expect(changed.status).toBe(200);
    expect((await asWorker('GET', '/category/list', worker, key)).body.code).toBe(50008);
  });

  it('is held to a password change that is due, like the token', async () => {
    const token = (await signIn('quin', 'Quin-pass-1234')).body.data.token;
    const key = await userKeyOf(token);
    expect((await asWorker('GET', '/category/list', token, key)).body.code).toBe(40310);
    expect((await asWorker('GET', '/auth/info', token, key)).status).toBe(200);
  });

  it('keeps the sessions list working, marking the cookie’s session as current', async () => {
    const token = (await signIn('olga', 'Olga-pass-1234')).body.data.token;
    const res = await asWorker<{ current: boolean }[]>('GET', '/auth/sessions', token, await userKeyOf(token));
    expect(res.status).toBe(200);
    expect(res.body.data.filter((x) => x.current)).toHaveLength(1);
  });
});
