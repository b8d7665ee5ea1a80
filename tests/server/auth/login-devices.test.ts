import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../../src/server/auth/password';
import { ADMIN_PASSWORD, type CallResult, createStaff, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Device cookies (docs/accounts.md): a browser that signed in to an account before signs in to it
 * again past the lockouts strangers cause, counted against its own limit only.
 * Three failures per account and per address, four per trusted device, 60 s windows.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    config: {
      loginMaxFailures: 3,
      loginAddressMaxFailures: 3,
      loginDeviceMaxFailures: 4,
      loginWindowSeconds: 60,
      trustProxy: true,
    },
  });
});
afterAll(() => s.close());

const from = (ip: string, cookie?: string) => ({ 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) });

/** The `name=value` part of each Set-Cookie, as a browser would send it back. */
const cookieOf = (res: CallResult) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

let phone = 13900000200;
/** A member who signed in once from `ip`; returns the device cookie that browser holds. */
async function member(userName: string, ip: string) {
  const password = `${userName[0]?.toUpperCase()}${userName.slice(1)}-pass-123`;
  const { id } = await createStaff(s, { userName, phone: String(++phone), roles: ['operator'], password });
  const res = await s.login(userName, password, from(ip));
  expect(res.status).toBe(200);
  return { id, password, cookie: cookieOf(res) };
}

/** Failures from strangers' addresses until the account's limit for untrusted clients is used up. */
async function lockFromElsewhere(userName: string) {
  for (let i = 0; i < 3; i++) expect((await s.login(userName, 'guess', from(`10.66.${i}.1`))).body.code).toBe(60204);
}

describe('device cookies', () => {
  it('are signed, HttpOnly, SameSite=Strict, for /prod-api/auth only, a year long, Secure over https', async () => {
    const res = await s.login('admin', ADMIN_PASSWORD, from('10.1.0.1'));
    // Beside the session cookie (session-cookie.test.ts): one device cookie.
    const [cookie, ...more] = res.headers.getSetCookie().filter((c) => !c.startsWith('lectern_session='));
    expect(more).toEqual([]);
    expect(cookie).toMatch(
      /^lectern_device_1=1\.[\w-]{22}\.[\w%]+; Max-Age=31536000; Path=\/prod-api\/auth; HttpOnly; SameSite=Strict$/,
    );
    // Behind a trusted proxy that received https.
    const https = await s.login('admin', ADMIN_PASSWORD, { ...from('10.1.0.1'), 'X-Forwarded-Proto': 'https' });
    expect(https.headers.getSetCookie()[0]).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
    // A failed sign-in earns nothing.
    expect((await s.login('admin', 'wrong', from('10.1.0.2'))).headers.getSetCookie()).toEqual([]);
  });

  it('ignore X-Forwarded-Proto when the proxy is not trusted', async () => {
    const direct = await startTestServer();
    try {
      const res = await direct.login('admin', ADMIN_PASSWORD, { 'X-Forwarded-Proto': 'https' });
      expect(res.headers.getSetCookie()[0]).not.toMatch(/Secure/);
    } finally {
      await direct.close();
    }
  });

  it('let their owner in while strangers have locked the account', async () => {
    const frank = await member('frank', '10.30.0.1');
    await lockFromElsewhere('frank');
    expect((await s.login('frank', frank.password, from('10.30.0.1'))).status).toBe(429);
    const trusted = await s.login('frank', frank.password, from('10.30.0.1', frank.cookie));
    expect(trusted.status).toBe(200);
    // The same device keeps its nonce.
    expect(cookieOf(trusted).split('.')[1]).toBe(frank.cookie.split('.')[1]);
    // The owner's success does not unlock the account for untrusted clients.
    expect((await s.login('frank', frank.password, from('10.30.0.1'))).status).toBe(429);
  });

  it('let a colleague in from an address that failures have locked', async () => {
    const office = '10.40.0.1';
    const grace = await member('grace', office);
    const heidi = await createStaff(s, { userName: 'heidi', phone: '13900000299', roles: ['operator'] });
    for (const ghost of ['g1', 'g2', 'g3']) await s.login(ghost, 'x', from(office));
    expect((await s.login('heidi', 'Operator-pass-1', from(office))).status).toBe(429);
    expect((await s.login('grace', grace.password, from(office, grace.cookie))).status).toBe(200);
    expect(heidi.id).toBeGreaterThan(0);
  });

  it('count trusted failures against the device alone', async () => {
    const judy = await member('judy', '10.50.0.1');
    for (let i = 0; i < 2; i++)
      expect((await s.login('judy', 'typo', from('10.50.0.1', judy.cookie))).body.code).toBe(60204);
    const device = `dev:${judy.cookie.split('.')[1]}`;
    const counts = async () =>
      Object.fromEntries(
        (await s.db.selectFrom('login_attempt').selectAll().execute())
          .filter((r) => [device, 'acct:judy', 'ip:10.50.0.1'].includes(r.key))
          .map((r) => [r.key, r.failures]),
      );
    // The address row is there from the first, untrusted sign-in, which gave its slot back.
    expect(await counts()).toEqual({ [device]: 2, 'ip:10.50.0.1': 0 });
    // A success resets the device's count.
    expect((await s.login('judy', judy.password, from('10.50.0.1', judy.cookie))).status).toBe(200);
    expect(await counts()).toEqual({ 'ip:10.50.0.1': 0 });
  });

  it('lose their trust past the device limit: the device is then an untrusted client', async () => {
    const ivan = await member('ivan', '10.60.0.1');
    await lockFromElsewhere('ivan');
    for (let i = 0; i < 4; i++)
      expect((await s.login('ivan', 'guess', from('10.60.0.1', ivan.cookie))).body.code).toBe(60204);
    // The device's nonce is locked, and as an untrusted client the account is locked too.
    const refused = await s.login('ivan', ivan.password, from('10.60.0.1', ivan.cookie));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    s.advance(61_000);
    expect((await s.login('ivan', ivan.password, from('10.60.0.1', ivan.cookie))).status).toBe(200);
  });

  it('vouch only for their own account, only unaltered; one browser holds several', async () => {
    const ken = await member('ken', '10.70.0.1');
    const lena = await member('lena', '10.70.0.1');
    const both = `${ken.cookie}; ${lena.cookie}`;
    await lockFromElsewhere('lena');
    expect((await s.login('lena', lena.password, from('10.70.0.1', both))).status).toBe(200);
    // Ken's cookie under Lena's cookie name: the signed value names Ken.
    const kenValue = ken.cookie.slice(ken.cookie.indexOf('=') + 1);
    const renamed = `lectern_device_${lena.id}=${kenValue}`;
    expect((await s.login('lena', lena.password, from('10.70.0.1', renamed))).status).toBe(429);
    // Lena's cookie with one character of the nonce changed: the signature no longer matches.
    const [name, value = ''] = lena.cookie.split('=');
    const flipped = value.replace(/^(\d+\.)(.)/, (_m, p: string, ch: string) => p + (ch === 'A' ? 'B' : 'A'));
    expect((await s.login('lena', lena.password, from('10.70.0.1', `${name}=${flipped}`))).status).toBe(429);
  });

  it('limit simultaneous guesses with a stolen cookie: the device limit, then the account limit', async () => {
    const mia = await member('mia', '10.80.0.1');
    const checksBefore = passwordVerifications();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.login('mia', `guess-${i}`, from(`10.81.${i}.1`, mia.cookie))),
    );
    const checked = guesses.filter((r) => r.body.code === 60204).length;
    expect(checked).toBe(4 + 3);
    expect(passwordVerifications() - checksBefore).toBe(4 + 3);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(13);
  });
});
