import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adminToken, createStaff, launch, newContext, screenshot, signIn } from './browser';

let operator = {
  userName: 'olivia',
  phone: '13900000001',
  name: 'Olivia Operator',
  roles: ['operator'],
  status: 'active',
  password: 'operator-pass-1',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  const token = await adminToken();
  // Arranged with the member's own password: the first-sign-in change is tests/e2e/account.test.ts's.
  operator = await createStaff(token, operator);
});
afterAll(() => browser?.close());

async function freshPage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, viewport);
  return context.newPage();
}

/** A fresh page signed in through /login itself (no redirect to return to): it lands on Home. */
async function signedInFromLogin(
  who: { userName: string; password: string } = admin,
  tab: 'admin' | 'staff' = 'admin',
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await freshPage(viewport);
  await page.goto('/login');
  await signIn(page, tab, who.userName, who.password);
  await page.waitForURL((u) => u.pathname === '/index');
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

describe('sign-in', () => {
  it("shows the server's message for wrong credentials and stays on the page", async () => {
    const page = await freshPage();
    await page.goto('/login');
    await screenshot(page, 'login');
    await signIn(page, 'admin', 'admin', 'wrong-password');
    await expect(page.getByText('Account and password are incorrect.').first().waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Authorization')).toBeUndefined();
    await page.context().close();
  });

  it('sends a visitor to login with the wanted path and back after signing in', async () => {
    const page = await freshPage();
    await page.goto('/users/online?from=e2e');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users/online?from=e2e');
    await signIn(page, 'admin', `  ${admin.userName} `, admin.password);
    await page.waitForURL((u) => u.pathname === '/users/online');
    expect(new URL(page.url()).searchParams.get('from')).toBe('e2e');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Authorization')?.value).toMatch(/.{20,}/);
    // A signed-in visitor opening /login goes home.
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/index');
    await page.context().close();
  });

  it('lets staff sign in by phone; an operator sees no Staff and gets 401 by URL', async () => {
    const page = await signedInFromLogin(operator, 'staff');
    await menu(page).getByText('User management').click();
    await menu(page).getByRole('link', { name: 'Applications' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await page.goto('/users/adminuser');
    await page.waitForURL((u) => u.pathname === '/401');
    await page.getByText('You do not have access to this page').waitFor();
    await expect.poll(() => page.title()).toBe('You do not have access to this page - Lectern');
    await page.context().close();
  });

  it('shows every menu item of docs/product.md §2 to an admin, and unknown paths go to 404', async () => {
    const page = await signedInFromLogin();
    await menu(page).getByText('Interface management').click();
    await menu(page).getByText('User management').click();
    for (const name of [
      'Home',
      'Books',
      'Banners',
      'About us',
      'News',
      'Resources',
      'Bibliography',
      'Categories',
      'Category subclasses',
      'Videos',
      'Readers',
      'Staff',
      'Online messages',
      'Applications',
      'Images',
    ]) {
      await menu(page).getByRole('link', { name, exact: true }).waitFor();
    }
    await page.goto('/web');
    await page.waitForURL((u) => u.pathname === '/web/book');
    await page.goto('/users');
    await page.waitForURL((u) => u.pathname === '/users/user');
    await expect.poll(() => page.title()).toBe('Readers - Lectern');
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/404');
    await expect.poll(() => page.title()).toBe('This page does not exist - Lectern');
    await page.context().close();
  });
});

describe('console shell', () => {
  it('closes the sidebar under 992 px and opens it as a drawer', async () => {
    const page = await signedInFromLogin(admin, 'admin', { width: 800, height: 900 });
    expect(await menu(page).count()).toBe(0);
    await page.getByTestId('hamburger').click();
    const home = menu(page).getByRole('link', { name: 'Home' });
    await home.waitFor();
    // The drawer slides in; wait until it has arrived before the screenshot.
    await expect.poll(async () => Math.round((await home.boundingBox())?.x ?? -1)).toBeGreaterThanOrEqual(0);
    expect(Math.round((await menu(page).boundingBox())?.width ?? 0)).toBe(210);
    await screenshot(page, 'mobile-drawer');
    await page.context().close();
  });

  it('collapses the desktop sidebar and remembers it in the sidebarStatus cookie', async () => {
    const page = await signedInFromLogin();
    await page.getByTestId('hamburger').click();
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value)
      .toBe('0');
    await page.reload();
    await page.getByTestId('hamburger').waitFor();
    const width = await page
      .locator('nav')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(100);
    await page.context().close();
  });

  it('logs out through the server and returns to login with the current path', async () => {
    const page = await signedInFromLogin();
    const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
    await page.goto('/web/category');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fweb%2Fcategory/);
    // The old token is revoked on the server, not just forgotten by the browser.
    const res = await fetch(`${new URL(page.url()).origin}/prod-api/auth/info`, {
      headers: { 'X-Token': token ?? '' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(50008);
    await page.context().close();
  });
});
