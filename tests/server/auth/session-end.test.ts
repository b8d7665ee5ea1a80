import { describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/contract/auth';
import { ADMIN_PASSWORD, testServerForFile } from '../helpers/test-server';

/**
 * The console is told when its session ends (X-Lectern-Session-End on every authenticated answer,
 * src/server/auth/middleware.ts), so it warns before and renews in place (src/features/session/);
 * the end is recorded once, by the first request that meets it.
 */
const HOURS = 12;
const s = testServerForFile({ config: { tokenIdleMinutes: 60, sessionMaxHours: HOURS } });

const signIn = async (remember = false) => {
  const res = await s.call<LoginResult>('POST', '/auth/login', {
    body: { userName: 'admin', password: ADMIN_PASSWORD, remember },
  });
  expect(res.status).toBe(200);
  return res.body.data;
};

const endOf = (res: { headers: Headers }) => res.headers.get('x-lectern-session-end');

describe('the announced session end', () => {
  it('is sign-in + LECTERN_SESSION_MAX_HOURS on every authenticated answer, and does not move with use', async () => {
    const signedInAt = s.now().getTime();
    const { token } = await signIn();
    const first = await s.call('GET', '/auth/info', { token });
    const end = Date.parse(endOf(first) ?? '');
    expect(end - signedInAt).toBeGreaterThanOrEqual(HOURS * 3_600_000 - 5_000);
    expect(end - signedInAt).toBeLessThanOrEqual(HOURS * 3_600_000 + 5_000);
    // Used every 50 minutes: the idle limit moves, the announced end does not.
    s.advance(50 * 60_000);
    const later = await s.call('GET', '/category/list', { token });
    expect(later.status).toBe(200);
    expect(endOf(later)).toBe(endOf(first));
    // Not on a refusal, nor on the public sign-in.
    expect(endOf(await s.call('GET', '/category/list', { token: 'nope' }))).toBeNull();
  });

  it('matches the remembered cookie and the sign-in answer’s expiresAt to the second', async () => {
    const res = await s.call<LoginResult>('POST', '/auth/login', {
      body: { userName: 'admin', password: ADMIN_PASSWORD, remember: true },
    });
    const { token, expiresAt } = res.body.data;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lectern_session='));
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1]);
    const announced = endOf(await s.call('GET', '/auth/info', { token }));
    expect(announced).toBe(expiresAt);
    // The worker's cookie lasts until that end and not past it.
    const cookieEnd = s.now().getTime() + maxAge * 1000;
    expect(Math.abs(cookieEnd - Date.parse(expiresAt ?? ''))).toBeLessThanOrEqual(2_000);
    expect(maxAge).toBeLessThanOrEqual(HOURS * 3600);
  });

  it('announces a lowered setting’s end, not the stored one', async () => {
    const { token } = await signIn();
    const signedInAt = s.now().getTime();
    await s.db
      .updateTable('session')
      .set({ expires_at: new Date(signedInAt + 100 * 3_600_000).toISOString() })
      .execute();
    const end = Date.parse(endOf(await s.call('GET', '/auth/info', { token })) ?? '');
    expect(end - signedInAt).toBeLessThanOrEqual(HOURS * 3_600_000 + 5_000);
  });

  it('refuses the session at its end (50014), records the expiry once, then forgets it (50008)', async () => {
    const { token } = await signIn();
    const before = await s.db.selectFrom('audit_log').select('id').where('action', '=', 'session_expired').execute();
    // Used every 48 minutes (never idle) up to a minute before the end: still good.
    for (let i = 0; i < 14; i++) {
      s.advance(48 * 60_000);
      expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    }
    s.advance(47 * 60_000);
    expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
    s.advance(61_000);
    const refused = await s.call('GET', '/auth/info', { token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 50014 });
    const again = await s.call('GET', '/category/list', { token });
    expect(again.body).toMatchObject({ code: 50008 });
    const after = await s.db
      .selectFrom('audit_log')
      .select(['id', 'reason'])
      .where('action', '=', 'session_expired')
      .execute();
    const added = after.filter((e) => !before.some((b) => b.id === e.id));
    expect(added).toEqual([expect.objectContaining({ reason: 'absolute' })]);
  });
});
