import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../../src/server/auth/password';
import { ADMIN_PASSWORD, createStaff, startTestServer, type TestServer } from '../helpers/test-server';

// Three failures per 60 s window, per account and per address; X-Forwarded-For trusted so each
// test can pick its own address.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    config: { loginMaxFailures: 3, loginAddressMaxFailures: 3, loginWindowSeconds: 60, trustProxy: true },
  });
  await createStaff(s, { userName: 'alice', phone: '13900000011', roles: ['operator'], password: 'Alice-pass-1' });
  await createStaff(s, { userName: 'bob', phone: '13900000012', roles: ['operator'], password: 'Bob-pass-123' });
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
    const blocked = await s.login('bob', 'Bob-pass-123', from('192.0.2.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // The same account from another address is fine: the limit was the address's.
    expect((await s.login('bob', 'Bob-pass-123', from('192.0.2.8'))).status).toBe(200);
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

const attempt = (key: string) => s.db.selectFrom('login_attempt').selectAll().where('key', '=', key).executeTakeFirst();

/** Polls `check` until it holds (bounded): the server works on its own schedule. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => {
    acc[c] = (acc[c] ?? 0) + 1;
    return acc;
  }, {});

describe('login limits under concurrency', () => {
  it('checks at most the limit of 40 simultaneous guesses, and refuses the right password sent among them', async () => {
    await createStaff(s, { userName: 'dave', phone: '13900000014', roles: ['operator'], password: 'Dave-pass-123' });
    const checksBefore = passwordVerifications();
    // Each guess from its own address: only the account's limit can stop them.
    const guesses = Array.from({ length: 39 }, (_, i) => s.login('dave', `wrong-guess-${i}`, from(`10.9.0.${i}`)));
    // The right password goes out once the limit's slots are taken, while the guesses are in flight.
    await until(async () => (await attempt('acct:dave'))?.failures === 3, 'three reservations');
    const right = await s.login('dave', 'Dave-pass-123', from('10.9.1.1'));
    const results = await Promise.all(guesses);

    expect(right.status).toBe(429);
    expect(right.body.code).toBe(42900);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Exactly three passwords were checked (60204); the rest were refused before any check.
    expect(passwordVerifications() - checksBefore).toBe(3);
    expect(tally(results.map((r) => r.body.code))).toEqual({ 60204: 3, 42900: 36 });
    for (const r of results.filter((r) => r.status === 429)) expect(r.headers.get('retry-after')).toBeTruthy();
    // Refused attempts leave no trace: the account holds its three failures, the addresses as many.
    expect((await attempt('acct:dave'))?.failures).toBe(3);
    const addressRows = await s.db.selectFrom('login_attempt').selectAll().where('key', 'like', 'ip:10.9.%').execute();
    expect(addressRows.reduce((n, r) => n + r.failures, 0)).toBe(3);
  });
});

describe('exponential back-off', () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await startTestServer({
      config: {
        loginMaxFailures: 2,
        loginAddressMaxFailures: 4,
        loginWindowSeconds: 60,
        loginLockMaxSeconds: 200,
        trustProxy: true,
      },
    });
    await createStaff(b, { userName: 'erin', phone: '13900000015', roles: ['operator'], password: 'Erin-pass-123' });
  });
  afterAll(() => b.close());

  let n = 0;
  /** Two failures from fresh addresses lock the account; returns the refusal's Retry-After. */
  async function lockErin(): Promise<number> {
    for (let i = 0; i < 2; i++) expect((await b.login('erin', 'wrong', from(`10.20.0.${++n}`))).body.code).toBe(60204);
    const refused = await b.login('erin', 'Erin-pass-123', from(`10.20.0.${++n}`));
    expect(refused.status).toBe(429);
    return Number(refused.headers.get('retry-after'));
  }

  /** Locks the account again: Retry-After is `seconds`, less at most the few seconds that passed. */
  async function expectLockOf(seconds: number): Promise<void> {
    const retryAfter = await lockErin();
    expect(retryAfter).toBeGreaterThan(seconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
  }

  it('doubles the lock each time the account locks again, up to the cap; a success starts over', async () => {
    await expectLockOf(60);
    b.advance(61_000);
    await expectLockOf(120);
    // Half-way through the second lock it still holds: it is not the 60 s window.
    b.advance(61_000);
    expect((await b.login('erin', 'Erin-pass-123', from('10.20.1.1'))).status).toBe(429);
    b.advance(60_000);
    // 240 s, capped at LECTERN_LOGIN_LOCK_MAX_SECONDS (200).
    await expectLockOf(200);
    b.advance(201_000);
    expect((await b.login('erin', 'Erin-pass-123', from('10.20.1.2'))).status).toBe(200);
    await expectLockOf(60);
  });

  it('backs off per address too, and a success from the address does not reset it', async () => {
    const ip = from('198.18.0.1');
    for (let i = 0; i < 4; i++) await b.login(`ghost-${i}`, 'x', ip);
    const first = Number((await b.login('ghost-x', 'x', ip)).headers.get('retry-after'));
    expect(first).toBeGreaterThan(55);
    b.advance(61_000);
    // A success from the address (the attacker's own account, say) gives back only its own slot.
    expect((await b.login('admin', ADMIN_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await b.login(`ghost-${i}`, 'x', ip)).body.code).toBe(60204);
    const second = await b.login('ghost-x', 'x', ip);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(115);
  });
});

describe('address limits', () => {
  it('lets an office behind one address sign in successfully as often as it needs', async () => {
    const office = from('203.0.113.80');
    await s.login('ghost-office', 'x', office);
    await s.login('ghost-office', 'x', office);
    // Two failures of three: successes from here give back their own slots, never more.
    for (let i = 0; i < 6; i++) expect((await s.login('admin', ADMIN_PASSWORD, office)).status).toBe(200);
    expect((await attempt('ip:203.0.113.80'))?.failures).toBe(2);
    await s.login('ghost-office', 'x', office);
    expect((await s.login('admin', ADMIN_PASSWORD, office)).status).toBe(429);
  });

  it('counts IPv6 clients per /64, so rotating addresses inside one does not help', async () => {
    for (const a of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:0:0:0:c'])
      expect((await s.login('ghost-v6', 'x', from(a))).body.code).toBe(60204);
    expect((await s.login('admin', ADMIN_PASSWORD, from('2001:db8:1:2:ffff::1'))).status).toBe(429);
    expect((await s.login('admin', ADMIN_PASSWORD, from('2001:db8:1:3::1'))).status).toBe(200);
    expect(await attempt('ip:2001:db8:1:2::/64')).toMatchObject({ failures: 3 });
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
