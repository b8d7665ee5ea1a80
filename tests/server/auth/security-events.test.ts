import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignInEvent } from '../../../src/contract/security-events';
import type { AuditEntry } from '../../../src/resources/audit/schema';
import { purgeSecurityEvents } from '../../../src/server/auth/security-events';
import { TEST_ENGINE } from '../helpers/database';
import { ADMIN_PASSWORD, createStaff, testServerForFile } from '../helpers/test-server';

/** Every sign-in on the record (ASVS 16.3.1): security events in the audit trail. */
const s = testServerForFile({
  config: { trustProxy: true, loginMaxFailures: 3, tokenIdleMinutes: 60, sessionMaxHours: 5, securityEventsDays: 30 },
});

const PASSWORD = 'Sec-events-pass-1';
const WRONG = 'Wrong-secret-9xq';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const from = (address: string, ua = FIREFOX) => ({ 'User-Agent': ua, 'X-Forwarded-For': address });

let ann: { id: number };
let bob: { id: number };
beforeAll(async () => {
  ann = await createStaff(s, { userName: 'sec-ann', phone: '13900000701', roles: ['operator'], password: PASSWORD });
  bob = await createStaff(s, { userName: 'sec-bob', phone: '13900000702', roles: ['operator'], password: PASSWORD });
});

/**
 * The clock moves past the admin's session's end: sign the admin in again where it has (createStaff
 * keeps the first token: the tests that create accounts come before the clock moves far).
 */
async function freshAdmin() {
  adminToken ??= s.adminToken;
  if ((await s.call('GET', '/auth/info', { token: adminToken })).status === 200) return adminToken;
  const res = await s.login('admin', ADMIN_PASSWORD);
  expect(res.body).toMatchObject({ code: 20000 });
  adminToken = res.body.data.token;
  return adminToken;
}
let adminToken: string | undefined;

/** The security events about one account (or attempted name), oldest first. */
async function events(filter: { recordId?: number; keyword?: string } = {}) {
  const res = await s.call<{ items: AuditEntry[] }>('POST', '/audit/page', {
    token: await freshAdmin(),
    body: { pageNum: 1, pageSize: 100, resource: 'security', sort: 'id', order: 'asc', ...filter },
  });
  expect(res.body).toMatchObject({ code: 20000 });
  return res.body.data.items;
}

/** An admin's edit of a staff account, from the admin's own browser. */
async function editStaff(id: number, change: Record<string, unknown>, headers: Record<string, string>) {
  const token = await freshAdmin();
  const row = await s.call<Record<string, unknown>>('GET', `/user/${id}`, { token });
  const { createdAt: _c, updatedAt: _u, ...fields } = row.body.data;
  const put = await s.call('PUT', '/user', { token, body: { ...fields, ...change }, headers });
  expect(put.status).toBe(200);
}

const signIn = async (userName: string, password: string, address: string) => {
  const res = await s.login(userName, password, from(address));
  return res;
};

/** The raw rows too: no column anywhere holds a password. */
async function expectNoPassword(...secrets: string[]) {
  const rows = await s.db.selectFrom('audit_log').selectAll().execute();
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('sign-ins in the audit trail', () => {
  it('records a success and each failure with its reason class, address and browser', async () => {
    expect((await signIn('sec-ann', WRONG, '192.0.2.1')).status).toBe(401);
    expect((await signIn('sec-nobody', WRONG, '192.0.2.2')).status).toBe(401);
    const ok = await signIn('sec-ann', PASSWORD, '192.0.2.3');
    expect(ok.status).toBe(200);

    const mine = (await events({ recordId: ann.id })).slice(-2);
    expect(mine.map((e) => [e.action, e.reason, e.address, e.userAgent, e.recordTitle])).toEqual([
      ['sign_in_failed', 'wrong_password', '192.0.2.1', FIREFOX, 'sec-ann'],
      ['sign_in', null, '192.0.2.3', FIREFOX, 'sec-ann'],
    ]);
    expect(mine[1]).toMatchObject({ resource: 'security', actorId: ann.id, actorName: 'sec-ann', recordId: ann.id });
    // A failure's actor is unproven: whoever typed the name.
    expect(mine[0]).toMatchObject({ actorId: null, actorName: 'sec-ann' });

    const unknown = (await events({ keyword: 'sec-nobody' })).filter((e) => e.action === 'sign_in_failed');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      reason: 'unknown_account',
      recordId: 0,
      recordTitle: 'sec-nobody',
      actorId: null,
      actorName: 'sec-nobody',
      address: '192.0.2.2',
    });
    await expectNoPassword(WRONG, PASSWORD);
  });

  it('keeps an attempted name trimmed and at most 64 characters', async () => {
    // The sign-in form allows 50 characters; the trail cuts at 64 whatever the form allows.
    const long = `  sec-${'x'.repeat(46)}  `;
    expect((await signIn(long, WRONG, '192.0.2.4')).status).toBe(401);
    const [e] = (await events({ keyword: 'sec-xxxx' })).slice(-1);
    expect(e?.recordTitle).toBe(`sec-${'x'.repeat(46)}`);
  });

  it('records a disabled account, a lockout and the locked refusals (429)', async () => {
    const { id: dora } = await createStaff(s, {
      userName: 'sec-dora',
      phone: '13900000703',
      roles: ['operator'],
      password: PASSWORD,
    });
    await signIn('sec-dora', PASSWORD, '192.0.2.49');
    await editStaff(dora, { status: 'disabled' }, from('192.0.2.50', 'AdminBrowser/1'));
    expect((await signIn('sec-dora', PASSWORD, '192.0.2.5')).status).toBe(401);
    const ended = (await events({ recordId: dora })).filter((e) => e.action === 'session_ended');
    expect(ended.map((e) => [e.reason, e.actorName, e.address, e.userAgent])).toEqual([
      ['disabled', 'admin', '192.0.2.50', 'AdminBrowser/1'],
    ]);
    expect((await events({ recordId: dora })).at(-1)).toMatchObject({ action: 'sign_in_failed', reason: 'disabled' });

    // Three wrong passwords lock the account's key; the next attempt is refused unchecked.
    for (let i = 0; i < 3; i++) expect((await signIn('sec-bob', `${WRONG}${i}`, `192.0.2.6${i}`)).status).toBe(401);
    expect((await signIn('sec-bob', PASSWORD, '192.0.2.70')).status).toBe(429);
    const tail = (await events({ recordId: bob.id })).slice(-3);
    expect(tail.map((e) => [e.action, e.reason])).toEqual([
      ['sign_in_failed', 'wrong_password'],
      ['lockout', 'account'],
      ['sign_in_failed', 'locked'],
    ]);
    expect(tail[1]).toMatchObject({ actorId: null, actorName: 'system', address: '192.0.2.62' });
    expect(tail[1]?.changes).toMatchObject({ lockedUntil: { from: null } });
    await expectNoPassword(`${WRONG}0`, `${WRONG}2`, PASSWORD);
  });

  it('records must-change-password as a success, not a failure', async () => {
    await createStaff(s, {
      userName: 'sec-mia',
      phone: '13900000704',
      roles: ['operator'],
      password: PASSWORD,
      mustChange: true,
    });
    expect((await signIn('sec-mia', PASSWORD, '192.0.2.8')).status).toBe(200);
    const [e] = (await events({ keyword: 'sec-mia' })).slice(-1);
    expect(e).toMatchObject({ action: 'sign_in', reason: 'must_change_password' });
  });
});

describe('an admin’s change in the audit trail', () => {
  it('records an admin’s password reset: the change and the sessions it ended', async () => {
    const { id } = await createStaff(s, {
      userName: 'sec-fay',
      phone: '13900000706',
      roles: ['operator'],
      password: PASSWORD,
    });
    await signIn('sec-fay', PASSWORD, '192.0.2.20');
    const reset = 'Admin-set-pass-77';
    await editStaff(id, { password: reset }, from('192.0.2.21'));
    const tail = (await events({ recordId: id })).slice(-2);
    expect(tail.map((e) => [e.action, e.reason, e.actorName, e.address])).toEqual([
      ['password_changed', 'admin', 'admin', '192.0.2.21'],
      ['session_ended', 'password_reset', 'admin', '192.0.2.21'],
    ]);
    await expectNoPassword(reset, PASSWORD);
  });
});

describe('who reads them', () => {
  it('gives members their own last ten sign-ins and nobody else’s; the trail stays the admins’', async () => {
    const { id } = await createStaff(s, {
      userName: 'sec-gus',
      phone: '13900000707',
      roles: ['operator'],
      password: PASSWORD,
    });
    // Two failures then a success, four times (a success resets the account's count: no lock).
    let token = '';
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 2; i++) await signIn('sec-gus', `${WRONG}${i}`, `198.51.100.${round * 10 + i}`);
      s.advance(1_000);
      token = (await signIn('sec-gus', PASSWORD, `198.51.100.${round * 10 + 9}`)).body.data.token;
    }
    const mine = await s.call<SignInEvent[]>('GET', '/auth/sign-ins', { token });
    expect(mine.status).toBe(200);
    const [ok, no] = ['sign_in', 'sign_in_failed'];
    expect(mine.body.data.map((e) => e.kind)).toEqual([ok, no, no, ok, no, no, ok, no, no, ok]);
    expect(mine.body.data[0]).toMatchObject({ kind: 'sign_in', reason: null, address: '198.51.100.39' });
    expect(mine.body.data[1]).toMatchObject({
      kind: 'sign_in_failed',
      reason: 'wrong_password',
      address: '198.51.100.31',
    });
    expect(Object.keys(mine.body.data[0] ?? {}).sort()).toEqual(['address', 'at', 'id', 'kind', 'reason', 'userAgent']);
    // Nobody else's: sec-ann's address never shows up here.
    expect(JSON.stringify(mine.body)).not.toContain('192.0.2.');
    // The whole trail is the admins'.
    const audit = await s.call('POST', '/audit/page', {
      token,
      body: { pageNum: 1, pageSize: 10, resource: 'security' },
    });
    expect(audit.status).toBe(403);
    expect((await s.call('GET', '/auth/sign-ins')).status).toBe(401);
    void id;
  });
});

describe('session ends in the audit trail', () => {
  it('records sign-out, a session ended from the list, a password change and expiries', async () => {
    const user = { userName: 'sec-eve', phone: '13900000705', roles: ['operator'], password: PASSWORD };
    const { id } = await createStaff(s, user);
    const a = (await signIn('sec-eve', PASSWORD, '192.0.2.10')).body.data.token;
    const b = (await signIn('sec-eve', PASSWORD, '192.0.2.11')).body.data.token;
    const c = (await signIn('sec-eve', PASSWORD, '192.0.2.12')).body.data.token;
    const list = await s.call<{ id: string; current: boolean }[]>('GET', '/auth/sessions', { token: a });
    const other = list.body.data.find((x) => !x.current);
    expect(
      (await s.call('DELETE', `/auth/sessions/${other?.id}`, { token: a, headers: from('192.0.2.13') })).status,
    ).toBe(200);
    expect((await s.call('POST', '/auth/logout', { token: a, headers: from('192.0.2.14') })).status).toBe(200);

    // A new password ends the member's other sessions.
    const d = (await signIn('sec-eve', PASSWORD, '192.0.2.15')).body.data.token;
    const next = `${PASSWORD}-new`;
    const put = await s.call('PUT', '/auth/password', {
      token: d,
      body: { oldPassword: PASSWORD, newPassword: next },
      headers: from('192.0.2.16'),
    });
    expect(put.status).toBe(200);

    // Idle past the limit: the next request meets the end.
    s.advance(61 * 60_000);
    expect((await s.call('GET', '/auth/info', { token: d, headers: from('192.0.2.17') })).body.code).toBe(50014);
    // Active, yet past the absolute end.
    const f = (await signIn('sec-eve', next, '192.0.2.18')).body.data.token;
    for (let i = 0; i < 5; i++) {
      s.advance(59 * 60_000);
      await s.call('GET', '/auth/info', { token: f });
    }
    s.advance(10 * 60_000);
    expect((await s.call('GET', '/auth/info', { token: f, headers: from('192.0.2.19') })).body.code).toBe(50014);

    const tail = (await events({ recordId: id })).filter((e) => e.action !== 'sign_in');
    expect(tail.slice(-6).map((e) => [e.action, e.reason, e.address, e.actorName])).toEqual([
      ['session_ended', 'by_member', '192.0.2.13', 'sec-eve'],
      ['sign_out', null, '192.0.2.14', 'sec-eve'],
      ['password_changed', 'self', '192.0.2.16', 'sec-eve'],
      ['session_ended', 'password_changed', '192.0.2.16', 'sec-eve'],
      ['session_expired', 'idle', '192.0.2.17', 'system'],
      ['session_expired', 'absolute', '192.0.2.19', 'system'],
    ]);
    expect(tail.at(-3)?.changes).toEqual({ sessions: { from: 1, to: 0 } });
    void b;
    void c;
    await expectNoPassword(PASSWORD, next);
  });
});

describe('retention', () => {
  it('purges security events older than LECTERN_SECURITY_EVENTS_DAYS, never record changes', async () => {
    const before = await events({ recordId: ann.id });
    expect(before.length).toBeGreaterThan(0);
    const changes = await s.db.selectFrom('audit_log').select('id').where('resource', '!=', 'security').execute();
    s.advance(29 * 86_400_000);
    expect(await purgeSecurityEvents(s.services)).toBe(0);
    s.advance(2 * 86_400_000);
    // The first sign-in after an hour purges (and is itself kept).
    expect((await signIn('sec-ann', PASSWORD, '192.0.2.90')).status).toBe(200);
    const after = await events({ recordId: ann.id });
    expect(after.map((e) => e.address)).toEqual(['192.0.2.90']);
    const changesAfter = await s.db.selectFrom('audit_log').select('id').where('resource', '!=', 'security').execute();
    expect(changesAfter.length).toBe(changes.length);
  });
});

describe('a trail that cannot be written', () => {
  it.skipIf(TEST_ENGINE !== 'sqlite')('logs it and still signs the member in', async () => {
    await sql`create trigger no_security_events before insert on audit_log when new.resource = 'security'
      begin select raise(abort, 'trail refused'); end`.execute(s.db);
    try {
      const res = await signIn('sec-ann', PASSWORD, '192.0.2.95');
      expect(res.status).toBe(200);
      expect((await s.call('GET', '/auth/info', { token: res.body.data.token })).status).toBe(200);
      expect(s.logs.join('\n')).toContain('Could not write the security event sign_in');
    } finally {
      await sql`drop trigger no_security_events`.execute(s.db);
    }
  });
});
