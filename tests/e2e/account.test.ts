import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  adminToken,
  api,
  baseURL,
  closeOnSignIn,
  createStaff,
  launch,
  newContext,
  openSignedIn,
  screenshot,
  signIn,
} from './browser';
import { form, submit } from './lists';
import { type RunningServer, startServer } from './server-process';

/*
 * The member's own account (docs/api.md §6): changing the password from the avatar menu, the change an
 * admin-set or generated password forces at the first sign-in, and the signed-in devices list.
 * Every password here meets the rule (12+ characters, zxcvbn score 3+).
 */

let browser: Browser;
let token: string;

/** Changes its password in the first test. */
let paula = {
  userName: 'paula_pw',
  phone: '13900000031',
  name: 'Paula Changer',
  roles: ['operator'],
  status: 'active',
  password: 'lantern-quartz-meadow',
};
/** Signed in on two devices in the last test. */
let dora = {
  userName: 'dora_dev',
  phone: '13900000032',
  name: 'Dora Devices',
  roles: ['operator'],
  status: 'active',
  password: 'copper-violin-harbour',
};

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  paula = await createStaff(token, paula);
  dora = await createStaff(token, dora);
});
afterAll(() => browser?.close());

const passwordForm = (page: Page) => page.getByTestId('password-form');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const ruleState = (page: Page, rule: string) =>
  page.getByTestId('password-meter').locator(`[data-rule="${rule}"]`).getAttribute('data-state');
const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

/** Fills the change-password form (the three fields) and submits it. */
async function changePassword(page: Page, current: string, next: string, confirm = next): Promise<void> {
  const f = passwordForm(page);
  await f.getByLabel('Current password').fill(current);
  await f.getByLabel(/^New password/).fill(next);
  await f.getByLabel('Confirm new password').fill(confirm);
  await f.getByTestId('password-submit').click();
}

/** What the API answers this token for an ordinary call. */
async function codeOf(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/prod-api/book/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
  });
  return ((await res.json()) as { code: number }).code;
}

describe('changing one’s password', () => {
  it('opens from the avatar menu, explains the rule as one types, shows server errors under their fields, keeps this session', async () => {
    const page = await openSignedIn(browser, '/index', { userName: paula.phone, password: paula.password }, 'staff');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL((u) => u.pathname === '/account/password');
    await expect.poll(() => page.title()).toBe('Change password - Lectern');
    // The first field has the focus; every other member's session is listed below the form.
    await expect.poll(() => focusedLabel(page)).toContain('Current password');
    await page.getByTestId('session-row').first().waitFor();

    // The length rule answers at once; the rest once the estimator has rated the password.
    const newField = passwordForm(page).getByLabel(/^New password/);
    await newField.fill('short');
    await expect.poll(() => ruleState(page, 'length')).toBe('unmet');
    expect(await ruleState(page, 'common')).toBe('idle');
    await newField.fill('password1234');
    await expect.poll(() => ruleState(page, 'common')).toBe('unmet');
    expect(await ruleState(page, 'length')).toBe('met');
    await expect.poll(() => page.getByTestId('password-summary').textContent()).toContain('Not yet');
    const mine = 'saffron-tundra-lighthouse-7';
    await newField.fill(mine);
    await expect.poll(() => page.getByTestId('password-summary').textContent()).toContain('meets every rule');
    expect(await Promise.all(['length', 'common', 'guess', 'personal'].map((r) => ruleState(page, r)))).toEqual([
      'met',
      'met',
      'met',
      'met',
    ]);
    await screenshot(page, 'account-password');

    // The confirmation must match (checked here), the current password must be right (the server).
    await changePassword(page, paula.password, mine, `${mine}x`);
    await passwordForm(page).getByText('The passwords do not match').waitFor();
    await expect.poll(() => focusedLabel(page)).toContain('Confirm new password');
    await changePassword(page, 'not-my-password-at-all', mine);
    await passwordForm(page).getByText('This is not your current password').waitFor();
    await expect.poll(() => focusedLabel(page)).toContain('Current password');

    await changePassword(page, paula.password, mine);
    await page.getByTestId('password-changed').waitFor();
    // Still signed in here, on the same page, after a reload too.
    await page.reload();
    await page.getByTestId('password-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/password');

    // Sign out; the old password is refused, the new one signs in.
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'staff', paula.phone, paula.password);
    await page.getByText('Account and password are incorrect.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, 'staff', paula.phone, mine);
    await page.waitForURL((u) => u.pathname === '/account/password');
    await page.context().close();
  });
});

describe('the password estimator', () => {
  it('loads its dictionaries with the first key typed in the form, never at start-up or for a visit', async () => {
    // Without the service worker, whose install precaches every chunk for offline use: this is
    // about what the pages themselves load.
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    // No live stream: it stays open, and "network idle" below would then depend on whether the
    // stream had opened yet (once the page is idle, which a loaded machine reaches late).
    await context.route('**/prod-api/events*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50008, msg: 'no live stream in this test', data: null }),
      }),
    );
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      // The keyboard adjacency graphs of @zxcvbn-ts/language-common open its chunk.
      if ((await res.text().catch(() => '')).includes('azerty:{')) scripts.push(res.url());
    });
    await page.goto('/login?redirect=%2Fweb%2Fbook');
    await signIn(page, 'staff', dora.phone, dora.password);
    await page.waitForURL((u) => u.pathname === '/web/book');
    await page.getByTestId('list-keyword').waitFor();
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    expect(scripts).toEqual([]);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.getByTestId('password-form').waitFor();
    await page.getByTestId('session-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    await page.locator('input[autocomplete="current-password"]').pressSequentially('x');
    await expect.poll(() => scripts.length).toBe(1);
    await context.close();
  });
});

describe('a password set by someone else', () => {
  const oscar = {
    account: 'oscar_new',
    phone: '13900000033',
    name: 'Oscar Newcomer',
    password: 'amber-glacier-notebook',
  };

  it('is changed at the first sign-in before anything else, then the console opens on Home', async () => {
    // An admin creates the operator with a password, in the staff form.
    const adminPage = await openSignedIn(browser, '/users/adminuser');
    await adminPage.getByTestId('create-record').click();
    await form(adminPage).getByLabel('Account').fill(oscar.account);
    await form(adminPage).getByLabel('Name').fill(oscar.name);
    await form(adminPage).getByLabel('Phone').fill(oscar.phone);
    await form(adminPage).getByRole('textbox', { name: 'Password' }).fill(oscar.password);
    await form(adminPage).getByText('The member must change it at the first sign-in.').waitFor();
    await submit(adminPage);
    await adminPage.context().close();

    const page = await (await newContext(browser)).newPage();
    await page.goto('/login');
    await signIn(page, 'staff', oscar.phone, oscar.password);
    await page.waitForURL((u) => u.pathname === '/account/password');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
    await page.getByTestId('password-required').waitFor();
    await expect.poll(() => focusedLabel(page)).toContain('Current password');
    await screenshot(page, 'account-password-required');
    // No menu, no tabs, no page search, no devices list; the avatar menu only signs out.
    expect(await menu(page).count()).toBe(0);
    expect(await page.getByTestId('header-search').count()).toBe(0);
    expect(await page.getByTestId('sessions-table').count()).toBe(0);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(1);
    await page.keyboard.press('Escape');

    // Every other page leads back here, remembering where it was going.
    for (const path of ['/web/book?pageNum=2', '/users/online', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/account/password' && u.searchParams.get('redirect') === path);
      await page.getByTestId('password-form').waitFor();
    }
    // And the server refuses the session everything else.
    const sessionToken = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value ?? '';
    expect(await codeOf(baseURL(), sessionToken)).toBe(40310);

    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/account/password' && u.searchParams.get('redirect') === '/');
    const own = 'thistle-orbit-canvas-58';
    await changePassword(page, oscar.password, own);
    await page.waitForURL((u) => u.pathname === '/index');
    await menu(page).getByRole('link', { name: 'Home' }).waitFor();
    expect(await codeOf(baseURL(), sessionToken)).toBe(20000);
    await page.context().close();
  });

  it('a refusal (40310) of a call made by an open page brings that page to the change', async () => {
    // The credential under an open page changes when another tab of the browser signs in: here
    // a member whose password an admin set (nothing is loaded for them yet) replaces Dora's.
    const page = await openSignedIn(browser, '/web/book', { userName: dora.phone, password: dora.password }, 'staff');
    await page.getByTestId('list-keyword').waitFor();
    await api('/user', {
      body: {
        userName: 'rita_reset',
        phone: '13900000034',
        name: 'Rita Reset',
        roles: ['operator'],
        status: 'active',
        password: 'juniper-cobalt-ferry',
      },
      token,
    });
    const rita = await api<{ token: string; mustChangePassword?: true }>('/auth/login', {
      body: { userName: 'rita_reset', password: 'juniper-cobalt-ferry' },
    });
    expect(rita.mustChangePassword).toBe(true);
    const url = new URL(baseURL());
    await page.context().addCookies([{ name: 'Authorization', value: rita.token, domain: url.hostname, path: '/' }]);
    // The next list request answers 40310.
    await page.getByTestId('list-keyword').fill('anything');
    await page.waitForURL((u) => u.pathname === '/account/password');
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/web\/book\?/);
    await page.getByTestId('password-required').waitFor();
    expect(await menu(page).count()).toBe(0);
    // Signing out is still possible.
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await closeOnSignIn(page);
  });
});

describe('signed-in devices', () => {
  it('lists this member’s sessions and ends another one, which is then sent to sign in', async () => {
    const first = await openSignedIn(
      browser,
      '/account/password',
      { userName: dora.phone, password: dora.password },
      'staff',
    );
    const second = await openSignedIn(browser, '/web/book', { userName: dora.phone, password: dora.password }, 'staff');
    await second.getByTestId('list-keyword').waitFor();

    await first.reload();
    const rows = first.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const current = first.locator('[data-testid="session-row"][data-current="true"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.textContent()).toContain('This device');
    // Chromium, as its User-Agent names it, on Linux; the address; "just now" or minutes ago.
    expect(await current.textContent()).toMatch(/Chrome on Linux/);
    expect(await current.textContent()).toContain('127.0.0.1');
    expect(await current.getByRole('button', { name: /End session/ }).count()).toBe(0);
    await screenshot(first, 'account-devices');

    // End every other session of Dora's, the second context's among them (an earlier test left
    // one more): each row goes once confirmed.
    const others = first.locator('[data-testid="session-row"]:not([data-current])');
    while ((await others.count()) > 0) {
      const n = await rows.count();
      await others
        .first()
        .getByRole('button', { name: /End session/ })
        .click();
      await first.getByTestId('confirm-end-session').click();
      await expect.poll(() => rows.count()).toBe(n - 1);
    }
    await first.getByText('has been signed out').first().waitFor();

    // The second device learns at its next request: the console asks to sign in again.
    await menu(second).getByText('User management').click();
    await menu(second).getByRole('link', { name: 'Online messages' }).click();
    await second.getByRole('dialog', { name: 'Confirm logout' }).waitFor();
    await second.getByRole('button', { name: 'Log in again' }).click();
    await closeOnSignIn(second);

    // The first stays signed in.
    await first.reload();
    await first.getByTestId('password-form').waitFor();
    expect(new URL(first.url()).pathname).toBe('/account/password');
    await first.context().close();
  });
});

describe('a generated first admin password', () => {
  let server: RunningServer | undefined;
  let dataDir = '';

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is shown once at the first start and must be changed at the first sign-in', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lectern-e2e-generated-'));
    server = await startServer({
      LECTERN_DATA: dataDir,
      LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
      LECTERN_ADMIN_PASSWORD: undefined,
    });
    const generated = /^\s*password:\s*(\S+)\s*$/m.exec(server.output())?.[1];
    expect(generated).toMatch(/.{12,}/);

    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/web/news');
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'admin', admin.userName, generated ?? '');
    await page.waitForURL((u) => u.pathname === '/account/password' && u.searchParams.get('redirect') === '/web/news');
    await page.getByTestId('password-required').waitFor();
    expect(await menu(page).count()).toBe(0);

    // Changed: the console continues where the admin was going.
    await changePassword(page, generated ?? '', 'harvest-nebula-piano-23');
    await page.waitForURL((u) => u.pathname === '/web/news');
    await menu(page).getByRole('link', { name: 'Home' }).waitFor();
    await context.close();
  });
});

describe('a first sign-in on a slow machine', () => {
  /** Creates a member whose password an admin set (so it must be changed at the first sign-in). */
  async function newcomer(n: number) {
    const member = {
      userName: `slow_first_${n}`,
      phone: `1390000005${n}`,
      name: `Slow Newcomer ${n}`,
      roles: ['operator'],
      status: 'active',
      password: `quiver-lantern-basalt-${n}`,
    };
    await api('/user', { body: member, token });
    return member;
  }

  /** Every API call the page (and its service worker) makes, with what the server answered. */
  function apiLog(page: Page) {
    const calls: { at: number; method: string; path: string; status: number; code?: number }[] = [];
    page.context().on('response', async (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/prod-api/') || url.pathname === '/prod-api/events') return;
      const call = { at: Date.now(), method: r.request().method(), path: url.pathname, status: r.status() };
      calls.push(call);
      try {
        Object.assign(call, { code: ((await r.json()) as { code?: number }).code });
      } catch {
        // Not JSON (or gone with a reload).
      }
    });
    return calls;
  }

  for (const [n, wanted] of [
    [1, '/web/book'],
    [2, '/index'],
  ] as const) {
    it(`goes straight to ${wanted} once the password is changed, with nothing else asked meanwhile`, async () => {
      const member = await newcomer(n);
      const context = await newContext(browser);
      const page = await context.newPage();
      const calls = apiLog(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(wanted);
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, 'staff', member.phone, member.password);
      await page.waitForURL((u) => u.pathname === '/account/password');
      await page.getByTestId('password-required').waitFor();
      // The current password was typed a moment ago: the form says why it asks for it again.
      await passwordForm(page)
        .getByText(/^The one you signed in with\. Asked again/)
        .waitFor();
      // Whatever the service worker and the console do once the page is open happens meanwhile.
      await page.waitForTimeout(4000);
      const refused = () =>
        calls.filter((c) => c.status === 403 || c.code === 40310).map((c) => `${c.method} ${c.path}`);
      expect(refused()).toEqual([]);
      // Nothing but the sign-in and the session check while the password must change.
      expect([...new Set(calls.map((c) => c.path))].sort()).toEqual(['/prod-api/auth/info', '/prod-api/auth/login']);
      const changedAt = Date.now();
      await changePassword(page, member.password, `${member.password}-mine`);
      await page.waitForURL((u) => u.pathname === wanted, { timeout: 10_000 });
      await menu(page).getByRole('link', { name: 'Home' }).waitFor({ timeout: 10_000 });
      // And it stays there: no late answer brings the lock back.
      await page.waitForTimeout(5000);
      expect(new URL(page.url()).pathname).toBe(wanted);
      expect(await page.getByTestId('password-required').count()).toBe(0);
      expect(await page.getByTestId('password-form').count()).toBe(0);
      // The change page's tab does not stay open.
      expect(await page.getByTestId('tags-view').getByText('Change password').count()).toBe(0);
      expect(refused()).toEqual([]);
      expect(calls.filter((c) => c.at > changedAt && c.status !== 200)).toEqual([]);
      await context.close();
    });
  }
});
