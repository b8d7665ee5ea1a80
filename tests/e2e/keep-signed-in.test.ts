import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, baseURL } from './browser';
import { launchProfile } from './pwa-helpers';
import { e2eSession } from './session';

/*
 * "Keep me signed in on this device" (src/sign-in/, docs/accounts.md): a real Chromium profile on
 * disk, closed (every window) and launched again, as a member closing and reopening the browser or
 * the installed app. Ticked: the console opens signed in, and the HttpOnly session cookie still
 * authenticates the worker's kind of request. Not ticked: the sign-in page.
 */

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function profileDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-keep-'));
  dirs.push(dir);
  return dir;
}

const remember = (page: Page) =>
  page
    .getByRole('form', { name: 'Administrator sign-in' })
    .getByRole('checkbox', { name: 'Keep me signed in on this device' });

/** Through the real sign-in page, on the Administrator tab, ticking the box or not. */
async function signInThroughPage(context: BrowserContext, tick: boolean): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Administrator' }).click();
  const form = page.getByRole('form', { name: 'Administrator sign-in' });
  await form.getByLabel('Account').fill(admin.userName);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  expect(await remember(page).isChecked()).toBe(false);
  if (tick) await remember(page).check();
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/index');
  await page.getByTestId('avatar-menu').waitFor();
  return page;
}

/** What the service worker sends: no X-Token, the HttpOnly cookie, and the key of the session. */
const workerStyleInfo = (page: Page) =>
  page.evaluate(async () => {
    const token = decodeURIComponent(/(?:^|; )Authorization=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lectern-user:${token}`));
    const key = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
      .join('')
      .slice(0, 32);
    const res = await fetch('/prod-api/auth/info', { headers: { 'X-Lectern-Session': key } });
    return { status: res.status, body: (await res.json()) as { code: number; data: { userName?: string } | null } };
  });

describe('keep me signed in on this device', () => {
  it('ticked: the console opens signed in after every window was closed and the browser started again', async () => {
    const dir = await profileDir();
    let context = await launchProfile(dir);
    const before = await signInThroughPage(context, true);
    const cookies = await context.cookies([baseURL(), `${baseURL()}/prod-api/`]);
    const now = Date.now() / 1000;
    const token = cookies.find((c) => c.name === 'Authorization');
    const session = cookies.find((c) => c.name === 'lectern_session');
    // Both last until the session's absolute end (LECTERN_SESSION_MAX_HOURS, 12 h by default: a
    // working day), no longer.
    for (const c of [token, session]) {
      expect(c?.expires).toBeGreaterThan(now + 12 * 3_600 - 60);
      expect(c?.expires).toBeLessThanOrEqual(now + 12 * 3_600 + 5);
    }
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/prod-api' });
    expect(session?.value).toBe(token?.value);
    expect(await before.evaluate(() => localStorage.getItem('lectern:remember'))).toBe('1');
    await context.close();

    context = await launchProfile(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/index');
    await page.getByTestId('stat-book-value').waitFor();
    await page.getByTestId('avatar-menu').waitFor();
    // The worker's credential survived too, and the page's key is the one the server expects.
    const info = await workerStyleInfo(page);
    expect([info.status, info.body.code, info.body.data?.userName]).toEqual([200, 20000, 'admin']);
    // No script sees the HttpOnly cookie.
    expect(await page.evaluate(() => document.cookie)).not.toContain('lectern_session');

    // Signing out ends it all: both cookies and the choice.
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    const left = (await context.cookies([baseURL(), `${baseURL()}/prod-api/`])).map((c) => c.name);
    expect(left).not.toContain('Authorization');
    expect(left).not.toContain('lectern_session');
    expect(await page.evaluate(() => localStorage.getItem('lectern:remember'))).toBeNull();
    await context.close();
  });

  it('not ticked: a restart of the browser ends the sign-in (a shared computer)', async () => {
    const dir = await profileDir();
    let context = await launchProfile(dir);
    const before = await signInThroughPage(context, false);
    const cookies = await context.cookies([baseURL(), `${baseURL()}/prod-api/`]);
    // Browser-session cookies (expires -1), and the worker's credential works meanwhile.
    expect(cookies.filter((c) => ['Authorization', 'lectern_session'].includes(c.name)).map((c) => c.expires)).toEqual([
      -1, -1,
    ]);
    expect((await workerStyleInfo(before)).status).toBe(200);
    expect(await before.evaluate(() => localStorage.getItem('lectern:remember'))).toBeNull();
    await context.close();

    context = await launchProfile(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('tab', { name: 'Administrator' }).waitFor();
    const names = (await context.cookies([baseURL(), `${baseURL()}/prod-api/`])).map((c) => c.name);
    expect(names).not.toContain('Authorization');
    expect(names).not.toContain('lectern_session');
    await context.close();
  });
});

describe('the choice on the sign-in page', () => {
  const session = e2eSession({ token: false });

  it('is off, labelled, described, and reached and ticked from the keyboard', async () => {
    const context = await session.browser.newContext({ baseURL: baseURL(), locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Administrator' }).click();
    const box = remember(page);
    expect(await box.isChecked()).toBe(false);
    expect(await box.getAttribute('aria-describedby')).toBe('si-admin-remember-hint');
    expect(await page.locator('#si-admin-remember-hint').textContent()).toBe('Not on a shared or public computer');
    // From the password: the show/hide button, then the box.
    await page.getByRole('form', { name: 'Administrator sign-in' }).getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('si-admin-remember');
    // The focus ring every control of the page has.
    expect(await box.evaluate((el) => getComputedStyle(el).outlineWidth)).toBe('2px');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    // And its label ticks it too (a large target on a phone).
    await page
      .getByRole('form', { name: 'Administrator sign-in' })
      .getByText('Keep me signed in on this device')
      .click();
    expect(await box.isChecked()).toBe(false);
    await context.close();
  });

  it.each([
    ['ja', 'このデバイスでログインしたままにする'],
    ['es', 'Mantener la sesión iniciada en este dispositivo'],
  ])('fits a 390 px phone in %s: nothing cut off or overflowing', async (lang, label) => {
    const context = await session.browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-language').selectOption(lang);
    const text = page.locator('#si-panel-staff label[for="si-staff-remember"]');
    await expect.poll(() => text.textContent()).toBe(label);
    const problems = await page.evaluate(() => {
      const card = document.querySelector('.si-card')?.getBoundingClientRect();
      const out: string[] = [];
      if (!card) return ['no card'];
      if (document.documentElement.scrollWidth > innerWidth)
        out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}`);
      for (const el of document.querySelectorAll<HTMLElement>(
        '#si-panel-staff .si-remember, #si-panel-staff .si-remember *',
      )) {
        const r = el.getBoundingClientRect();
        if (r.left < card.left || r.right > card.right) out.push(`${el.tagName}#${el.id} leaves the card`);
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName}#${el.id} is cut off`);
      }
      return out;
    });
    expect(problems).toEqual([]);
    await page.screenshot({ path: `/tmp/keep-signed-in-390-${lang}.png`, fullPage: true });
    await context.close();
  });
});
