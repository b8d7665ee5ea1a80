import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createStaff, startTestServer, type TestServer } from './helpers/test-server';

// Three failures per 60 s window; X-Forwarded-For trusted so each test can pick its own address.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { loginMaxFailures: 3, loginWindowSeconds: 60, trustProxy: true } });
  await createStaff(s, { userName: 'alice', phone: '13900000011', roles: ['operator'], password: 'Alice-pass-1' });
  await createStaff(s, { userName: 'bob', phone: '13900000012', roles: ['operator'], password: 'Bob-pass-12' });
  await createStaff(s, { userName: 'carol', phone: '13900000013', roles: ['operator'], password: 'Carol-pass-1' });
});
afterAll(() => s.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('login limits', () => {
  it('refuses an account with 429 and Retry-After after N failures, whatever the address', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await s.login('alice', 'wrong', from(`10.0.0.${i + 1}`));
      expect(res.body.code).toBe(60204);
    }
    // Right password, fresh address: still refused until the window ends.
    const res = await s.login('alice', 'Alice-pass-1', from('10.0.0.99'));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(42900);
    expect(res.body.msg).toMatch(/try again later/i);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // By phone: the same account, the same count.
    expect((await s.login('13900000011', 'Alice-pass-1', from('10.0.0.98'))).status).toBe(429);
    const row = await s.db.selectFrom('login_attempt').selectAll().where('key', '=', 'acct:alice').executeTakeFirst();
    expect(row?.failures).toBe(3);
  });

  it('lets the account in again once the window has passed', async () => {
    s.advance(61_000);
    const res = await s.login('alice', 'Alice-pass-1', from('10.0.0.97'));
    expect(res.status).toBe(200);
  });

  it('refuses an address after N failures across different accounts', async () => {
    for (const user of ['ghost1', 'ghost2', 'ghost3']) {
      expect((await s.login(user, 'x', from('192.0.2.7'))).body.code).toBe(60204);
    }
    const blocked = await s.login('bob', 'Bob-pass-12', from('192.0.2.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // The same account from another address is fine: the limit was the address's.
    expect((await s.login('bob', 'Bob-pass-12', from('192.0.2.8'))).status).toBe(200);
  });

  it('clears the account count on success but keeps the address count', async () => {
    await s.login('carol', 'wrong', from('198.51.100.1'));
    await s.login('carol', 'wrong', from('198.51.100.1'));
    expect((await s.login('carol', 'Carol-pass-1', from('198.51.100.2'))).status).toBe(200);
    const keys = (await s.db.selectFrom('login_attempt').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('acct:carol');
    expect(keys).toContain('ip:198.51.100.1');
    // Two more failures would have blocked carol had the success not reset her count.
    await s.login('carol', 'wrong', from('198.51.100.3'));
    await s.login('carol', 'wrong', from('198.51.100.4'));
    expect((await s.login('carol', 'Carol-pass-1', from('198.51.100.5'))).status).toBe(200);
  });

  it('uses the right-most X-Forwarded-For entry, which a client cannot forge', async () => {
    for (let i = 0; i < 3; i++) await s.login('ghost9', 'x', { 'X-Forwarded-For': `1.1.1.${i}, 203.0.113.5` });
    const res = await s.login('admin', ADMIN_PASSWORD, { 'X-Forwarded-For': '8.8.8.8, 203.0.113.5' });
    expect(res.status).toBe(429);
  });
});

describe('login slowdown', () => {
  it('delays repeated failures before refusing them', async () => {
    const slow = await startTestServer({ config: { loginSlowdownMs: 150, loginMaxFailures: 10 } });
    try {
      await slow.login('admin', 'wrong');
      const started = performance.now();
      await slow.login('admin', 'wrong');
      await slow.login('admin', 'wrong');
      // 150 ms after the 2nd failure, 300 ms after the 3rd.
      expect(performance.now() - started).toBeGreaterThanOrEqual(440);
    } finally {
      await slow.close();
    }
  });
});
