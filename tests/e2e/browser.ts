import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { ADMIN_PASSWORD } from './server-process';

export const SCREENSHOTS = 'tests/e2e/artifacts/screenshots';

export { launch } from './chromium';

export const baseURL = (): string => inject('baseURL');

export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport, locale: 'en-US' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Sign in through the real form on the given tab. */
export async function signIn(page: Page, tab: 'staff' | 'admin', userName: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: tab === 'staff' ? 'Staff' : 'Administrator' }).click();
  const form = page.getByRole('form', { name: tab === 'staff' ? 'Staff sign-in' : 'Administrator sign-in' });
  await form.getByLabel(tab === 'staff' ? 'Phone number' : 'Account').fill(userName);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Closes the context of a page that has just been sent to the sign-in page, once that document is
 * drawn and loaded. Chromium now and then never finishes disposing of a context while its service
 * worker still serves a navigation: closed in the middle of the move, the close hung until the
 * test's timeout.
 */
export async function closeOnSignIn(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByRole('tab', { name: 'Staff' }).waitFor();
  await page.waitForLoadState('load');
  await page.context().close();
}

/** A new page on the upload panel, signed in as the admin of a server that server-process started. */
export async function openUploadPanel(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'admin', 'admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/index');
  await page.goto('/web/video-upload');
  await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
  return page;
}

export const admin = { userName: 'admin', password: ADMIN_PASSWORD };

/** Calls the real API (for arranging data the test is not about). */
export async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/prod-api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { 'X-Token': init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

export async function adminToken(): Promise<string> {
  const { token } = await api<{ token: string }>('/auth/login', { body: admin });
  return token;
}

interface NewStaff {
  userName: string;
  phone: string;
  name: string;
  roles: string[];
  status: string;
  password: string;
}

/**
 * Creates a staff account (through the API, as an admin) and makes its first-sign-in password
 * change the way the member would (PUT /auth/password), for tests that are not about that change:
 * a password an admin set must be replaced before anything else (docs/api.md §6). Returns the account
 * with the member's own password.
 */
export async function createStaff<T extends NewStaff>(token: string, staff: T): Promise<T> {
  await api('/user', { body: staff, token });
  const own = `${staff.password}-own`;
  const first = await api<{ token: string; mustChangePassword?: true }>('/auth/login', {
    body: { userName: staff.userName, password: staff.password },
  });
  if (!first.mustChangePassword) throw new Error(`${staff.userName}: a password set by an admin must be changed`);
  await api('/auth/password', {
    method: 'PUT',
    body: { oldPassword: staff.password, newPassword: own },
    token: first.token,
  });
  await api('/auth/logout', { method: 'POST', token: first.token });
  return { ...staff, password: own };
}

/** A fresh browser context signed in through the real form, landing on `path` (query allowed). */
export async function openSignedIn(
  browser: Browser,
  path: string,
  who: { userName: string; password: string } = admin,
  tab: 'admin' | 'staff' = 'admin',
): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, tab, who.userName, who.password);
  // `path` may carry a query (a list's filter); the landing is judged by its pathname.
  const pathname = new URL(path, 'http://console').pathname;
  await page.waitForURL((u) => u.pathname === pathname);
  return page;
}
