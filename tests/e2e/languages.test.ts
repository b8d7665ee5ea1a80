import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from './browser';
import { e2eSession } from './session';

const session = e2eSession({ token: false });

const signedIn = () => session.signedIn('/index');

/** The navbar's language menu, whatever language it currently speaks. */
async function switchTo(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: current, exact: true }).click();
  await page.getByRole('menuitem', { name: next }).click();
}

const menu = (page: Page) =>
  page
    .locator('nav')
    .filter({ has: page.locator('a[href="/web/book"]') })
    .first();

describe('languages', () => {
  it('中文: menu and titles in Chinese; the header search finds Books by its pinyin and initials', async () => {
    const page = await signedIn();
    await switchTo(page, 'Language', '中文');
    await expect.poll(() => page.title()).toBe('首页 - Lectern');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await menu(page).getByText('界面管理').click();
    await menu(page).getByText('书籍').waitFor();

    for (const query of ['shuji', 'sj']) {
      // The page must be ready for the shortcut, and the search box open, before typing.
      await page.getByTestId('header-search').waitFor();
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').getByRole('textbox').waitFor();
      await page.keyboard.type(query);
      // Its result (界面管理 › 书籍) is listed first and highlighted: Enter opens it.
      await page.locator('[data-action][data-selected]').filter({ hasText: '书籍' }).waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/web/book');
      await expect.poll(() => page.title()).toBe('书籍 - Lectern');
      await page.goto('/index');
    }
    // The choice is kept (cookie) across a reload.
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/index');
    await expect.poll(() => page.title()).toBe('首页 - Lectern');
    await page.context().close();
  });

  it('日本語: menu, page title and list texts in Japanese', async () => {
    const page = await signedIn();
    await switchTo(page, 'Language', '日本語');
    await page.goto('/web/book');
    await expect.poll(() => page.title()).toBe('書籍 - Lectern');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await menu(page).getByText('書籍', { exact: true }).waitFor();
    // No English left on the screen's own controls.
    await page.getByTestId('create-record').waitFor();
    expect(await page.getByTestId('create-record').textContent()).not.toMatch(/[A-Za-z]{3,}/);
    await page.context().close();
  });

  it('takes screenshots of the sign-in page and the Books list in all four languages', async () => {
    const page = await signedIn();
    let current = 'Language';
    const names: Record<string, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };
    const labels: Record<string, string> = { en: 'Language', zh: '语言', es: 'Idioma', ja: '言語' };
    for (const lang of ['zh', 'es', 'ja', 'en']) {
      await switchTo(page, current, names[lang] as string);
      current = labels[lang] as string;
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang === 'zh' ? 'zh-CN' : lang);
      await page.goto('/web/book');
      await page.getByTestId('list-total').waitFor();
      await screenshot(page, `lang-${lang}-books`);
      await page.goto('/web/book?pageSize=10');
      await page.getByTestId('create-record').click();
      await page.getByTestId('resource-form').waitFor();
      await screenshot(page, `lang-${lang}-book-form`);
      await page.keyboard.press('Escape');
    }
    const login = await (await newContext(session.browser)).newPage();
    for (const lang of ['zh', 'es', 'ja', 'en']) {
      await login.goto('/login');
      await login.getByTestId('login-language').selectOption(lang);
      await expect.poll(() => login.locator('html').getAttribute('lang')).toBe(lang === 'zh' ? 'zh-CN' : lang);
      await screenshot(login, `lang-${lang}-login`);
    }
    await login.context().close();
    await page.context().close();
  });
});

describe('keyboard shortcuts', () => {
  it('lists them on ?, opens a new record with N, saves with Ctrl+S, moves between and closes tabs', async () => {
    const page = await signedIn();
    await page.goto('/web/category?keyword=Shortcut');
    await page.getByTestId('list-total').waitFor();
    await page.keyboard.press('Shift+?');
    const help = page.getByTestId('shortcuts-table');
    await help.waitFor();
    expect(await help.textContent()).toContain('New record (on a list)');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.keyboard.press('n');
    const form = page.getByTestId('resource-form');
    await form.waitFor();
    await form.getByLabel('Name').fill('Shortcut shelf');
    await form.getByLabel('Name').press('Control+s');
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('resource-row').filter({ hasText: 'Shortcut shelf' }).waitFor();

    await page.goto('/web/news');
    await page.getByTestId('list-total').waitFor();
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await page.waitForURL((u) => u.pathname === '/web/category');
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await page.waitForURL((u) => u.pathname === '/web/news');
    await page.keyboard.press('Alt+w');
    await page.waitForURL((u) => u.pathname === '/web/category');
    await expect
      .poll(() => page.getByTestId('tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-key'))))
      .not.toContain('/web/news');
    await page.context().close();
  });
});
