import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, adminToken, api, newContext, screenshot, signIn } from './browser';
import { e2eSession } from './session';

const session = e2eSession();

const signedIn = () => session.signedIn('/index');

const tabs = (page: Page) => page.getByTestId('tag');
const tabKeys = async (page: Page) => tabs(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

describe('tags view', () => {
  it('keeps visited pages as tabs across a reload; close others keeps the pinned home tab', async () => {
    const page = await signedIn();
    for (const path of ['/web/book', '/web/category', '/web/news', '/users/user', '/users/apply']) {
      await page.goto(path);
      await expect.poll(() => tabKeys(page)).toContain(path);
    }
    const before = await tabKeys(page);
    expect(before).toEqual(['/index', '/web/book', '/web/category', '/web/news', '/users/user', '/users/apply']);
    await page.reload();
    await expect.poll(() => tabKeys(page)).toEqual(before);
    await screenshot(page, 'tags-view');

    // Middle-click closes a tab; closing the active one goes to its neighbour.
    await tabs(page).filter({ hasText: 'News' }).click({ button: 'middle' });
    await expect.poll(() => tabKeys(page)).not.toContain('/web/news');
    await page.getByRole('button', { name: 'Close Applications' }).click();
    await page.waitForURL((u) => u.pathname === '/users/user');

    await tabs(page).filter({ hasText: 'Categories' }).click({ button: 'right' });
    await page.getByTestId('tag-menu').getByText('Close Others').click();
    await expect.poll(() => tabKeys(page)).toEqual(['/index', '/web/category']);
    await page.waitForURL((u) => u.pathname === '/web/category');

    await tabs(page).filter({ hasText: 'Home' }).click({ button: 'right' });
    await page.getByTestId('tag-menu').getByText('Close All').click();
    await expect.poll(() => tabKeys(page)).toEqual(['/index']);
    await page.waitForURL((u) => u.pathname === '/index');
    await page.context().close();
  });

  it('scrolls the tab strip to the current page when there are more tabs than fit', async () => {
    const page = await signedIn();
    const paths = ['/web/book', '/web/category', '/web/categorysubclass', '/web/banner', '/web/news'];
    paths.push('/web/resource', '/web/bibliography', '/web/video', '/web/aboutus', '/users/user');
    paths.push('/users/adminuser', '/users/online', '/users/apply', '/users/image', '/users/audit');
    for (const path of paths) {
      await page.goto(path);
      await expect.poll(() => tabKeys(page)).toContain(path);
    }
    const inSight = (key: string) =>
      page.evaluate((k) => {
        const strip = document.querySelector('[data-testid="tags-view"]')?.getBoundingClientRect();
        const tab = document.querySelector(`[data-testid="tag"][data-key="${k}"]`)?.getBoundingClientRect();
        return Boolean(strip && tab && tab.left >= strip.left - 1 && tab.right <= strip.right + 1);
      }, key);
    // More tabs than the strip shows at once …
    expect(await inSight('/index')).toBe(false);
    // … and the current one is in sight, also after going back to the first.
    await expect.poll(() => inSight('/users/audit')).toBe(true);
    await tabs(page).filter({ hasText: 'Home' }).click();
    await page.waitForURL((u) => u.pathname === '/index');
    await expect.poll(() => inSight('/index')).toBe(true);
    await page.context().close();
  });

  it('opens the tab menu from the keyboard (Shift+F10 and the context-menu key) and acts on the tab', async () => {
    const page = await signedIn();
    for (const path of ['/web/book', '/web/category']) {
      await page.goto(path);
      await expect.poll(() => tabKeys(page)).toContain(path);
    }
    const menu = page.getByTestId('tag-menu');
    await tabs(page).filter({ hasText: 'Books' }).getByRole('button', { name: 'Books', exact: true }).focus();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    // Focus is in the menu, so arrows and Enter work there; Escape closes it.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await tabs(page).filter({ hasText: 'Books' }).getByRole('button', { name: 'Books', exact: true }).focus();
    await page.keyboard.press('ContextMenu');
    await menu.getByRole('menuitem', { name: 'Close', exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: 'Close', exact: true }).press('Enter');
    await expect.poll(() => tabKeys(page)).toEqual(['/index', '/web/category']);
    await page.context().close();
  });
});

describe('keyboard and screen readers', () => {
  it('reaches every menu group from the keyboard, and names the breadcrumb as a landmark', async () => {
    const page = await signedIn();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const group = menu.getByRole('button', { name: 'User management' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    const link = menu.getByRole('link', { name: 'Online messages' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/users/online');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.poll(() => crumbs.textContent()).toContain('Online messages');
    await page.context().close();
  });
});

describe('cached views', () => {
  it('keeps a page scroll position while switching tabs', async () => {
    const token = await adminToken();
    const cat = await api<{ id: number }>('/category', { body: { name: 'Scroll shelf', sort: 1 }, token: token });
    for (let i = 1; i <= 30; i++) {
      await api('/book', {
        body: {
          title: `Scrollable volume ${i}`,
          author: 'Long List',
          categoryId: cat.id,
          stock: 1,
          status: 'on_shelf',
        },
        token: token,
      });
    }
    const page = await signedIn();
    await page.goto('/web/book?keyword=Scrollable&pageSize=50');
    await page.getByTestId('resource-row').nth(29).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

    await tabs(page).filter({ hasText: 'Home' }).click();
    await page.waitForURL((u) => u.pathname === '/index');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await tabs(page).filter({ hasText: 'Books' }).click();
    await page.waitForURL((u) => u.pathname === '/web/book');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.context().close();
  });
});

describe('cached views: unsaved input', () => {
  it('keeps an unsaved form open with its input while the user visits another tab', async () => {
    const page = await signedIn();
    await page.goto('/web/category');
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Name').fill('Half-typed shelf');
    // The open form covers the tabs; the keyboard moves to the previous tab (focus outside a field).
    await form.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await page.waitForURL((u) => u.pathname === '/index');
    await tabs(page).filter({ hasText: 'Categories' }).click();
    await page.waitForURL((u) => u.pathname === '/web/category');
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Half-typed shelf');
    // Cancel discards it for good: coming back again shows the list only.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /Discard/ }).click();
    await form.waitFor({ state: 'detached' });
    await tabs(page).filter({ hasText: 'Home' }).click();
    await tabs(page).filter({ hasText: 'Categories' }).click();
    await page.getByTestId('list-total').waitFor();
    await page.waitForTimeout(500);
    expect(await form.count()).toBe(0);
    await page.context().close();
  });
});

describe('header search', () => {
  it('opens with Ctrl+K and navigates to the chosen page by keyboard', async () => {
    const page = await signedIn();
    await page.getByTestId('header-search').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('textbox').waitFor();
    await page.keyboard.type('bibliog');
    // The results follow the query; the first one is highlighted and is what Enter opens.
    await page.locator('[data-action][data-selected]').filter({ hasText: '/web/bibliography' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/web/bibliography');
    await page.context().close();
  });
});

describe('settings', () => {
  it('keeps dark mode and a theme colour across a reload', async () => {
    const page = await signedIn();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('color-scheme').getByText('Dark').click();
    await page.getByTestId('theme-colour').fill('#722ed1');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const primary = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
    await expect.poll(primary).toMatch(/#722ed1|rgb\(114, 46, 209\)/i);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await expect.poll(primary).toMatch(/#722ed1|rgb\(114, 46, 209\)/i);
    await screenshot(page, 'dark-theme');
    await page.context().close();
  });
});

describe('error log', () => {
  it('collects a page error and still lists it after a reload', async () => {
    const page = await signedIn();
    // The console must be running (its error log installed before its first render), not only
    // its address shown: an error thrown earlier belongs to no console.
    await page.getByTestId('stat-book-value').waitFor();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('E2E boom from a page');
      });
    });
    await page.getByTestId('error-log-button').waitFor();
    await page.reload();
    await page.getByTestId('error-log-button').click();
    await page.getByTestId('error-log-table').getByText('E2E boom from a page').waitFor();
    await page.context().close();
  });

  it('collects the upload worker and the service worker errors too', async () => {
    const page = await (await newContext(session.browser)).newPage();
    const workers: Worker[] = [];
    page.on('worker', (w) => workers.push(w));
    await page.goto('/login');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/index');
    const context = page.context();
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Once the service worker is in place, the upload panel starts the upload worker.
    workers.length = 0;
    await page.goto('/web/video-upload');
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    await expect
      .poll(() => workers.filter((w) => w.url().includes('worker')).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const uploadWorker = workers.filter((w) => w.url().includes('worker')).at(-1);
    // Real uncaught errors inside each worker's own global scope.
    await uploadWorker?.evaluate(() => {
      setTimeout(() => {
        throw new Error('E2E boom in the upload worker');
      });
    });
    await sw.evaluate(() => {
      setTimeout(() => {
        throw new Error('E2E boom in the service worker');
      });
    });
    await page.getByTestId('error-log-button').click();
    const table = page.getByTestId('error-log-table');
    await table.getByText('E2E boom in the upload worker').waitFor();
    await table.getByText('E2E boom in the service worker').waitFor();
    expect(await table.textContent()).toContain('[sw]');
    await context.close();
  });
});

describe('on a phone', () => {
  it('draws no text under 12 px on a list, whatever size is chosen', async () => {
    // Cards with text to measure, whatever ran before.
    for (const title of ['Phone-size news one', 'Phone-size news two'])
      await api('/news', {
        body: { title, summary: 'A summary to read', content: '<p>Text</p>', status: 'published' },
        token: session.token,
      });
    const page = await signedIn();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const size of ['medium', 'mini']) {
      await page.context().addCookies([{ name: 'size', value: size, url: page.url() }]);
      await page.goto('/web/news');
      // A list is drawn as cards on a phone.
      await page.getByTestId('resource-row').first().waitFor();
      // Every element with text of its own (not only its children's), and the size it is drawn at.
      const sizes = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll<HTMLElement>('*')]
          .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim()))
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => [Number.parseFloat(getComputedStyle(el).fontSize), el.className, el.textContent] as const),
      );
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.filter(([px]) => px < 12)).toEqual([]);
    }
  });
});

describe('accessible names', () => {
  it('gives every visible button of a list screen a name (icon-only ones included)', async () => {
    const page = await signedIn();
    await page.goto('/web/book');
    await page.getByTestId('list-total').waitFor();
    await page.getByRole('button', { name: 'Next page' }).waitFor();
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .filter((b) => b.getClientRects().length > 0)
        .filter((b) => {
          const labelledBy = b.getAttribute('aria-labelledby');
          const named =
            (b.getAttribute('aria-label') ?? '').trim() ||
            (b.textContent ?? '').trim() ||
            (b.getAttribute('title') ?? '').trim() ||
            (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '').trim() : '');
          return !named;
        })
        .map((b) => b.outerHTML.slice(0, 120)),
    );
    expect(unnamed).toEqual([]);
    await page.context().close();
  });
});
