import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, baseURL, screenshot, signIn } from './browser';
import { form, rows } from './lists';
import { controlled, findBook, offline } from './pwa-helpers';
import { e2eSession } from './session';

/*
 * Offline is a state the console explains (the offline banner, a list's or a screen's own offline
 * notice), not an error: going offline, working there and coming back must raise no red toast and
 * put nothing in the error log, while the edit made offline is still sent. A book's form opened
 * offline still names its category and subclass.
 */

const session = e2eSession();
const PHONE = { width: 390, height: 844 };

let category = { id: 0, name: 'Quiet shelf' };
let subclass = { id: 0, name: 'Quiet corner' };

beforeAll(async () => {
  const { token } = session;
  category = {
    ...category,
    ...(await api<{ id: number }>('/category', { body: { name: category.name, sort: 3 }, token })),
  };
  subclass = {
    ...subclass,
    ...(await api<{ id: number }>('/category/subclass', {
      body: { categoryId: category.id, name: subclass.name, sort: 1 },
      token,
    })),
  };
  for (const title of ['Quiet Folio', 'Quiet Quarto', 'Quiet Octavo']) {
    await api('/book', {
      body: {
        title,
        author: 'Hush Keeper',
        categoryId: category.id,
        subclassId: subclass.id,
        stock: 4,
        status: 'on_shelf',
      },
      token,
    });
  }
});

interface Toast {
  text: string;
  red: boolean;
}

/**
 * Every notification the page shows, kept in sessionStorage so that reloads do not lose them
 * (a toast may last less than a check takes to look for it).
 */
function recordToasts(): void {
  const KEY = 'e2e-toasts';
  const seen = new WeakSet<Element>();
  const note = (el: Element) => {
    if (seen.has(el)) return;
    seen.add(el);
    // Read once it has its text (Mantine fills the notification in the same commit, but be patient).
    setTimeout(() => {
      const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Toast[];
      list.push({ text: el.textContent ?? '', red: /red/.test(el.getAttribute('style') ?? '') });
      sessionStorage.setItem(KEY, JSON.stringify(list));
    }, 50);
  };
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.mantine-Notification-root')) note(el);
  }).observe(document, { childList: true, subtree: true });
}

const toastsSeen = (page: Page): Promise<Toast[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as Toast[]);

/** The error log as stored (IndexedDB), which the navbar's badge counts. */
const errorLog = (page: Page): Promise<{ err: { name: string; message: string }; vm: string; info: string }[]> =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lectern-error-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const get = db.transaction('entries').objectStore('entries').get('log');
          get.onsuccess = () => resolve(get.result ?? []);
          get.onerror = () => reject(get.error);
        };
      }),
  );

/** No red toast and nothing in the error log so far (what there was, if any, is in the message). */
async function expectQuiet(page: Page): Promise<void> {
  const red = (await toastsSeen(page)).filter((t) => t.red);
  const log = (await errorLog(page)).map((e) => `${e.vm} ${e.info}: ${e.err.name}: ${e.err.message}`);
  expect({ red, log }).toEqual({ red: [], log: [] });
  await expect(page.getByTestId('error-log-button').count()).resolves.toBe(0);
}

/** A fresh context signed in as admin, the service worker in control before any list loads. */
async function signedIn(
  viewport = { width: 1280, height: 800 },
  phone = false,
  language: 'en' | 'es' | 'ja' = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'en-US',
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  await context.addCookies([{ name: 'language', value: language, url: baseURL() }]);
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  await page.goto('/login');
  // The administrator's tab and fields by position: their names are in the chosen language.
  await page.getByRole('tab').nth(1).click();
  const panel = page.getByRole('tabpanel');
  await panel.locator('input:not([type=password])').first().fill(admin.userName);
  await panel.locator('input[type=password]').fill(admin.password);
  await panel.locator('input[type=password]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/index');
  await page.getByTestId('avatar-menu').waitFor();
  await controlled(page);
  return { context, page };
}

/** Client-side navigation, as a menu link does it (the console is not reloaded). */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    history.pushState({ __TSR_index: index, key: String(Math.random()) }, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  const pathname = new URL(path, 'http://console').pathname;
  await page.waitForURL((u) => u.pathname === pathname);
}

const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

describe('offline, quietly', () => {
  it.each([
    ['a laptop', { width: 1366, height: 768 }, false],
    ['a phone', PHONE, true],
  ] as const)(
    'sends an edit made offline on %s when back online: no red toast, nothing in the error log',
    async (_, viewport, phone) => {
      const title = phone ? 'Quiet Folio' : 'Quiet Octavo';
      const { context, page } = await signedIn(viewport, phone);
      await open(page, `/web/book?keyword=${encodeURIComponent(title)}`);
      await expect.poll(() => rows(page).count()).toBe(1);
      await offline(context, true);

      if (phone) {
        await rows(page).first().getByTestId('row-menu').tap();
        await page.getByTestId('row-edit').tap();
      } else {
        await rows(page).first().getByTestId('row-edit').click();
      }
      await form(page).getByLabel('Stock').fill('17');
      await page.getByTestId('form-submit').click();
      await page.getByTestId('form-pending').waitFor();
      // A reload offline reopens the form with its queued write, as a member might do.
      await page.reload();
      await page.getByTestId('form-pending').waitFor();
      await page.getByTestId('offline-banner').waitFor();

      await offline(context, false);
      await form(page).waitFor({ state: 'detached' });
      await expect.poll(async () => (await findBook(session.token, title))?.stock).toBe(17);
      await row(page, title).getByText('17', { exact: true }).waitFor();
      // What comes back with the network (refetches, the live stream, the next retry) has had its time.
      await page.waitForTimeout(4000);
      const sent = (await toastsSeen(page)).filter((t) => !t.red);
      expect(sent.some((t) => t.text.includes(title))).toBe(true);
      await expectQuiet(page);
      await screenshot(page, `offline-quiet-back-online-${viewport.width}`);
      await context.close();
    },
  );

  it('opens the menu and pages never saved on the device offline with their own explanation, no toast', async () => {
    const { context, page } = await signedIn(PHONE, true);
    await open(page, '/web/book');
    await rows(page).first().waitFor();
    await offline(context, true);

    // The menu (a drawer on a phone), its group, and a list never opened on this device.
    await page.getByTestId('hamburger').tap();
    const group = page.getByRole('button', { name: 'Interface management' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.tap();
    await page.getByRole('link', { name: 'Bibliography' }).tap();
    await page.waitForURL((u) => u.pathname === '/web/bibliography');
    await page.getByTestId('offline-empty').waitFor();
    await screenshot(page, 'offline-quiet-unsaved-list-phone');
    // The account menu.
    await page.getByTestId('avatar-menu').tap();
    await page.getByRole('menuitem').first().waitFor();
    await page.keyboard.press('Escape');
    // More lists and a record never opened here.
    await open(page, '/users/audit');
    await page.getByTestId('offline-empty').waitFor();
    const book = await findBook(session.token, 'Quiet Quarto');
    await open(page, `/web/book/${book?.id}`);
    await page.getByTestId('record-error').waitFor();
    await screenshot(page, 'offline-quiet-unsaved-record-phone');
    await page.waitForTimeout(1000);
    await expectQuiet(page);

    // Real errors are still told and logged, offline or not: a fault of the page's own code…
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('E2E real fault while offline');
      });
    });
    await expect
      .poll(async () => (await errorLog(page)).map((e) => e.err.message))
      .toEqual(['E2E real fault while offline']);
    // …and, back online, a server error answering a list.
    await offline(context, false);
    await context.route('**/prod-api/bibliography/page', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, msg: 'E2E database down', data: null }),
      }),
    );
    await open(page, '/web/bibliography?keyword=down');
    await expect
      .poll(async () => (await toastsSeen(page)).filter((t) => t.red).map((t) => t.text))
      .toContain('E2E database down');
    await context.close();
  });

  it('shows a page whose code is not on the device yet as not available offline, no toast', async () => {
    // No service worker: the first session before it holds the console.
    const context = await session.browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    await context.addInitScript(recordToasts);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/index');
    await page.getByTestId('avatar-menu').waitFor();
    // Home has its data (the live stream, a request that never ends, rules out 'networkidle').
    await page.waitForLoadState('load');
    await page.waitForTimeout(2000);
    await offline(context, true);
    await open(page, '/web/news');
    await page.getByTestId('screen-error').waitFor();
    await screenshot(page, 'offline-quiet-code-not-here');
    // The menu's parts (menus, tooltips) are not here either: the account menu simply waits.
    await page.getByTestId('avatar-menu').click();
    await page.waitForTimeout(1500);
    await expectQuiet(page);
    // Back online the screen opens by itself.
    await offline(context, false);
    await page.getByTestId('screen-error').waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForTimeout(1500);
    await expectQuiet(page);
    await context.close();
  });

  it.each([
    ['en', PHONE, true],
    ['es', PHONE, true],
    ['ja', { width: 1366, height: 768 }, false],
  ] as const)(
    'names the category and subclass of a book edited offline (%s, %o)',
    async (language, viewport, phone) => {
      const { context, page } = await signedIn(viewport, phone, language);
      await open(page, '/web/book?keyword=Quiet%20Quarto');
      await expect.poll(() => rows(page).count()).toBe(1);
      await offline(context, true);
      // Offline from the start of this page: nothing the pickers asked for is in memory.
      await page.reload();
      await rows(page).first().waitFor();

      if (phone) {
        await rows(page).first().getByTestId('row-menu').tap();
        await page.getByTestId('row-edit').tap();
      } else {
        await rows(page).first().getByTestId('row-edit').click();
      }
      await form(page).waitFor();
      const categoryField = form(page).getByTestId('field-categoryId');
      const subclassField = form(page).getByTestId('field-subclassId');
      await expect.poll(() => categoryField.inputValue()).toBe(category.name);
      await expect.poll(() => subclassField.inputValue()).toBe(subclass.name);
      expect(await categoryField.getAttribute('aria-invalid')).not.toBe('true');
      await screenshot(page, `offline-quiet-book-form-${language}-${viewport.width}`);
      await expectQuiet(page);
      await context.close();
    },
  );
});
