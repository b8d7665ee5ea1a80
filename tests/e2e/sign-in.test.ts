import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, api, baseURL, signIn } from './browser';
import { e2eSession } from './session';

/*
 * The sign-in page (login.html, src/sign-in/) is a document of its own: what the console knew when
 * it sent the user there must reach it, and what it says follows the language chosen on it.
 */

const session = e2eSession();

async function freshPage(): Promise<Page> {
  const context = await session.browser.newContext({ baseURL: baseURL(), locale: 'en-US' });
  return context.newPage();
}

const notice = (page: Page) => page.getByTestId('sign-in-notice');

describe('a saved credential the server refuses', () => {
  it('a forged one: the sign-in page says the user was signed out, in the language chosen', async () => {
    const page = await freshPage();
    await page
      .context()
      .addCookies([{ name: 'Authorization', value: 'forged-token-0123456789abcdef', url: baseURL() }]);
    await page.goto('/web/book');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/web/book');
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe(
      'You were signed out: your saved sign-in was ended or is not valid. Sign in again.',
    );
    expect(await page.getByRole('status').count()).toBe(1);
    // The cookie is gone, and the page says it in the language picked there.
    expect((await page.context().cookies()).find((c) => c.name === 'Authorization')).toBeUndefined();
    await page.getByTestId('login-language').selectOption('zh');
    await expect
      .poll(() => notice(page).textContent())
      .toBe('您已退出登录：保存的登录状态已被结束或无效。请重新登录。');
    // Said once: a reload of the sign-in page is a plain sign-in page.
    await page.reload();
    await page.getByRole('button', { name: '登录' }).first().waitFor();
    expect(await notice(page).isHidden()).toBe(true);
    await page.context().close();
  });

  it('an ended one (signed out elsewhere): the same word, and signing in goes where the user was going', async () => {
    const { token } = await api<{ token: string }>('/auth/login', { body: admin });
    await api('/auth/logout', { method: 'POST', token });
    const page = await freshPage();
    await page.context().addCookies([{ name: 'Authorization', value: token, url: baseURL() }]);
    await page.goto('/users/online');
    await page.waitForURL((u) => u.pathname === '/login');
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toContain('You were signed out');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/users/online');
    await page.context().close();
  });

  it('no word on an ordinary visit to the sign-in page', async () => {
    const page = await freshPage();
    await page.goto('/web/book');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await notice(page).isHidden()).toBe(true);
    await page.context().close();
  });
});

describe('the sign-in error', () => {
  it('follows the language switched to after it was shown', async () => {
    const page = await freshPage();
    await page.goto('/login');
    // An account that does not exist: the same answer as a wrong password, and no one's lock.
    await signIn(page, 'admin', 'nobody_by_that_name', 'not-the-password-at-all');
    // By its place: the form's name changes with the language too.
    const alert = page.locator('form[data-kind="admin"] [role="alert"]');
    await expect.poll(() => alert.textContent()).toBe('Account and password are incorrect.');
    await page.getByTestId('login-language').selectOption('ja');
    await expect.poll(() => alert.textContent()).toBe('アカウントまたはパスワードが正しくありません。');
    await page.getByTestId('login-language').selectOption('es');
    await expect.poll(() => alert.textContent()).toBe('La cuenta o la contraseña no son correctas.');
    await page.getByTestId('login-language').selectOption('en');
    await expect.poll(() => alert.textContent()).toBe('Account and password are incorrect.');
    await page.context().close();
  });
});

describe('before the page’s code has arrived (a slow network)', () => {
  it('the tabs switch, and a form sent meanwhile waits for the code, its password never in the address', async () => {
    const page = await freshPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.context().route(/\/assets\/login-[\w-]+\.js$/, async (route) => {
      held++;
      await released;
      await route.continue();
    });
    const addresses: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) addresses.push(r.url());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('tab', { name: 'Administrator' }).click();
    const form = page.getByRole('form', { name: 'Administrator sign-in' });
    await form.getByLabel('Account').fill(admin.userName);
    await form.getByLabel('Password', { exact: true }).fill(admin.password);
    await form.getByLabel('Password', { exact: true }).press('Enter');
    // Still this page, nothing sent, the code still held: the form waits with what was typed.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(held).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    expect(await form.getByLabel('Account').inputValue()).toBe(admin.userName);
    release();
    await page.waitForURL((u) => u.pathname === '/index');
    expect(addresses.filter((a) => a.includes('password'))).toEqual([]);
    await page.context().close();
  });
});
