import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../src/contract/auth';
import type { InvalidData } from '../../../src/contract/envelope';
import { ADMIN_PASSWORD, createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile({ config: { trustProxy: true } });
beforeAll(async () => {
  await createStaff(s, { userName: 'wendy', phone: '13900000501', roles: ['operator'], password: 'Wendy-pass-123' });
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148';

async function signIn(userName: string, password: string, userAgent: string, address: string) {
  const res = await s.login(userName, password, { 'User-Agent': userAgent, 'X-Forwarded-For': address });
  expect(res.status).toBe(200);
  return res.body.data.token;
}

const sessions = (token: string) => s.call<SessionInfo[]>('GET', '/auth/sessions', { token });

describe('GET /auth/sessions', () => {
  it('lists the member’s own sessions, most recent activity first, marking the current one', async () => {
    const laptop = await signIn('wendy', 'Wendy-pass-123', FIREFOX, '192.0.2.10');
    s.advance(1_000);
    await signIn('wendy', 'Wendy-pass-123', PHONE, '198.51.100.20');
    s.advance(1_000);
    const tablet = await signIn('wendy', 'Wendy-pass-123', 'Tablet', '203.0.113.30');
    s.advance(1_000);
    // Using the laptop makes it more recently active than the phone and the tablet.
    expect((await s.call('GET', '/category/list', { token: laptop })).status).toBe(200);
    await signIn('admin', ADMIN_PASSWORD, FIREFOX, '192.0.2.99');
    s.advance(1_000);

    // Asking is activity too: the tablet comes first.
    const res = await sessions(tablet);
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list.map((x) => [x.userAgent, x.address, x.current])).toEqual([
      ['Tablet', '203.0.113.30', true],
      [FIREFOX, '192.0.2.10', false],
      [PHONE, '198.51.100.20', false],
    ]);
    for (const x of list) {
      expect(Object.keys(x).sort()).toEqual(['address', 'createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
      expect(x.id).toMatch(/^[\w-]{22}$/);
      expect(x.lastSeenAt >= x.createdAt).toBe(true);
    }
    // Never a token or its hash.
    expect(JSON.stringify(res.body)).not.toContain(laptop);
    expect(JSON.stringify(res.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('keeps 300 characters of a long User-Agent', async () => {
    const token = await signIn('wendy', 'Wendy-pass-123', `${'x'.repeat(299)}é${'y'.repeat(100)}`, '192.0.2.11');
    const mine = (await sessions(token)).body.data.find((x) => x.current);
    expect(mine?.userAgent).toBe(`${'x'.repeat(299)}é`);
  });
});

describe('DELETE /auth/sessions/:id', () => {
  it('ends another session of the member', async () => {
    const here = await signIn('wendy', 'Wendy-pass-123', FIREFOX, '192.0.2.12');
    const there = await signIn('wendy', 'Wendy-pass-123', PHONE, '192.0.2.13');
    const other = (await sessions(here)).body.data.find((x) => !x.current && x.address === '192.0.2.13');
    expect(other).toBeDefined();
    const res = await s.call('DELETE', `/auth/sessions/${other?.id}`, { token: here });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 20000, msg: 'ok', data: null });
    expect((await s.call('GET', '/auth/info', { token: there })).body.code).toBe(50008);
    expect((await s.call('GET', '/auth/info', { token: here })).status).toBe(200);
    expect((await sessions(here)).body.data.map((x) => x.id)).not.toContain(other?.id);
  });

  it('refuses the current session: sign out instead', async () => {
    const token = await signIn('wendy', 'Wendy-pass-123', FIREFOX, '192.0.2.14');
    const current = (await sessions(token)).body.data.find((x) => x.current);
    const res = await s.call<InvalidData>('DELETE', `/auth/sessions/${current?.id}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.errors).toEqual([
      { path: 'id', message: 'this is the session you are using: sign out instead', code: 'current_session' },
    ]);
    expect((await s.call('GET', '/auth/info', { token })).status).toBe(200);
  });

  it('answers 404 for another member’s session, an unknown id or a malformed one, ending nothing', async () => {
    const wendy = await signIn('wendy', 'Wendy-pass-123', FIREFOX, '192.0.2.15');
    const adminSession = (await sessions(s.adminToken)).body.data.find((x) => x.current);
    for (const id of [adminSession?.id, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', '%27%20or%201%3D1']) {
      const res = await s.call('DELETE', `/auth/sessions/${id}`, { token: wendy });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.code).toBe(40400);
    }
    expect((await s.call('GET', '/auth/info', { token: s.adminToken })).status).toBe(200);
  });

  it('needs a signed-in member', async () => {
    expect((await s.call('GET', '/auth/sessions')).body.code).toBe(50008);
    expect((await s.call('DELETE', '/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA')).body.code).toBe(50008);
  });
});
