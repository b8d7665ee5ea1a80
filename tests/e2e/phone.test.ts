import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SCREENS, settled, signInAnyLanguage, startDemoServer } from './a11y-helpers';
import { launch, screenshot } from './browser';
import { form, rows } from './lists';
import { ADMIN_PASSWORD, apiCall } from './server-process';

/*
 * The console on a phone (390 × 844, touch): a day's task done with taps only (find a book, change
 * its stock, approve a borrow request, answer a message), and every list laid out for the width:
 * nothing scrolls sideways, each card's actions and the list's New are on screen. On the demo site,
 * a server of its own, so every list has rows.
 */

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let server: { url: string; stop: () => Promise<void> };
let token = '';
let context: BrowserContext;
let page: Page;

const call = <T>(path: string, body?: unknown) => apiCall<T>(server.url, path, body, token);
interface Page_<T> {
  items: T[];
  total: number;
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startDemoServer()]);
  token = (await apiCall<{ token: string }>(server.url, '/auth/login', { userName: 'admin', password: ADMIN_PASSWORD }))
    .token;
  context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'en-US',
  });
  page = await context.newPage();
  await signInAnyLanguage(page, '/index');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Client-side navigation, as the menu's link would do it (the app is not reloaded). */
async function open(path: string): Promise<void> {
  await page.evaluate((p) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    history.pushState({ __TSR_index: index, key: String(Math.random()) }, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
}

/** Types into the list's search box (a tap focuses it) and waits for `count` cards. */
async function search(keyword: string, count: number): Promise<void> {
  const box = page.getByTestId('list-keyword');
  await box.tap();
  await box.fill(keyword);
  await expect.poll(() => rows(page).count()).toBe(count);
}

/**
 * Whether the element's box lies wholly inside the phone's screen, left to right and top to bottom,
 * once scrolled to. Asked a few times: the list may still move under it (a late refetch redraws it).
 */
async function onScreen(el: Locator): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt++) {
    // To the middle of the screen: Playwright's "if needed" leaves an element cut by a pixel as it is.
    await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'nearest' }));
    const box = await el.boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= PHONE.height) {
      return true;
    }
    await page.waitForTimeout(250);
  }
  return false;
}

describe('a phone', () => {
  it('finds a book, changes its stock, approves a borrow request and answers a message, all by touch', async () => {
    // A book of the demo catalogue, found by its title.
    const [book] = (
      await call<Page_<{ id: number; title: string; stock: number }>>('/book/page', { pageNum: 1, pageSize: 1 })
    ).items;
    if (!book) throw new Error('the demo site has no book');
    await open('/web/book');
    await search(book.title, 1);
    // The list is cards on a phone: a tap on the card (not its title) opens the book's own page.
    const card = rows(page).first();
    expect(await card.evaluate((el) => el.tagName)).toBe('LI');
    await card.locator('dd').first().tap();
    await page.waitForURL((u) => u.pathname === `/web/book/${book.id}`);
    await page.getByTestId('record-edit').tap();
    // The form fills the phone's screen.
    const dialog = page.getByRole('dialog');
    await form(page).waitFor();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(PHONE.width);
    const stock = form(page).getByLabel('Stock');
    await stock.tap();
    await stock.fill(String(book.stock + 5));
    await screenshot(page, 'phone-book-form');
    await form(page).getByTestId('form-submit').tap();
    await form(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await call<{ stock: number }>(`/book/${book.id}`)).stock).toBe(book.stock + 5);

    // A pending borrow request, approved from its card.
    const pending = (
      await call<Page_<{ id: number; bookTitle: string | null; status: string }>>('/apply/page', {
        pageNum: 1,
        pageSize: 1,
        status: 'pending',
      })
    ).items[0];
    if (!pending) throw new Error('the demo site has no pending application');
    await open('/users/apply');
    await page.getByTestId('filters-toggle').tap();
    const drawer = page.getByTestId('filters-drawer');
    await page.getByTestId('filter-status').tap();
    await page.getByRole('option', { name: 'Pending', exact: true }).tap();
    await page.getByTestId('filters-done').tap();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('filters-toggle').textContent()).toBe('Filters (1)');
    const request = page.locator(`[data-testid="resource-row"][data-id="${pending.id}"]`);
    await request.waitFor();
    await request.getByTestId('apply-approved').tap();
    await page.getByTestId('transition-confirm').tap();
    await expect
      .poll(async () => {
        // By its id: the demo has hundreds of applications, more than a page.
        return (await call<{ status: string }>(`/apply/${pending.id}`)).status;
      })
      .toBe('approved');

    // An unread message: a tap on its card opens it, the reply is saved.
    const unread = (
      await call<Page_<{ id: number; readerName: string; content: string }>>('/online/page', {
        pageNum: 1,
        pageSize: 1,
        status: 'unread',
      })
    ).items[0];
    if (!unread) throw new Error('the demo site has no unread message');
    await open('/users/online');
    const message = page.locator(`[data-testid="resource-row"][data-id="${unread.id}"]`);
    await message.waitFor();
    await message.locator('dd').first().tap();
    const reply = page.getByTestId('message-reply');
    await reply.tap();
    await reply.fill('Thank you, it is on the shelf again.');
    await page.getByTestId('message-send').tap();
    await expect
      .poll(async () => {
        const all = await call<Page_<{ id: number; status: string }>>('/online/page', { pageNum: 1, pageSize: 100 });
        return all.items.find((m) => m.id === unread.id)?.status;
      })
      .toBe('replied');
  });

  it('lays every list out for its width: no sideways scroll, each card’s actions and New on screen', async () => {
    const lists = CONSOLE_SCREENS.filter(
      // Not lists: Home, the upload panel, About us, the password page and the loan policy (a settings form).
      (p) => !['/index', '/web/video-upload', '/web/aboutus', '/account/password', '/users/loan-policy'].includes(p),
    );
    const problems: string[] = [];
    for (const path of lists) {
      await open(path);
      await page.locator('[data-testid="resource-row"], [data-testid="list-empty"]').first().waitFor();
      await settled(page);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wide > 0) problems.push(`${path}: the page is ${wide} px wider than the screen`);
      // One toolbar row: search, Filters and More; Views, Export and Import wait in More's menu.
      const bar = await page.getByTestId('list-toolbar').boundingBox();
      if (!bar || bar.height > 44) problems.push(`${path}: the toolbar is ${bar?.height} px tall, not one row`);
      for (const moved of ['views-menu', 'export-csv', 'import-csv']) {
        if (await page.getByTestId(moved).isVisible()) problems.push(`${path}: ${moved} is a button of its own`);
      }
      const create = page.getByTestId('create-record');
      if ((await create.count()) > 0 && !(await onScreen(create))) problems.push(`${path}: New is off screen`);
      // The first cards' actions: the menu (Edit, Delete) and the record's own buttons.
      for (const card of (await rows(page).all()).slice(0, 3)) {
        for (const action of await card.locator('button:visible').all()) {
          if (!(await onScreen(action))) {
            const box = JSON.stringify(await action.boundingBox());
            problems.push(`${path}: "${await action.getAttribute('aria-label')}" is off screen at ${box}`);
            await screenshot(page, `phone-off-screen-${path.slice(1).replace('/', '-')}`);
          }
        }
      }
      if (path === '/web/book' || path === '/users/apply')
        await screenshot(page, `phone-${path.slice(1).replace('/', '-')}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps Views, Export and Import in one menu, reached and used with the keyboard', async () => {
    await open('/web/book');
    await rows(page).first().waitFor();
    const more = page.getByRole('button', { name: 'More actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual(
      expect.arrayContaining([
        'Save current filters as a view…',
        'For people (translated headers and values)',
        'For import and machines (raw field names and values)',
        'Import CSV',
      ]),
    );
    // The arrow keys walk the items; Enter on the last one (Import CSV) opens its dialog.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Import CSV');
    await page.keyboard.press('Enter');
    await page.getByTestId('import-drop').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('import-drop').waitFor({ state: 'detached' });
    // The export from the same menu downloads the list.
    await more.tap();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'For import and machines (raw field names and values)' }).tap(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
  });

  it('keeps Save on screen in a long form, at its top, at its end and above the keyboard', async () => {
    // Chromium on a phone shrinks the page by the on-screen keyboard only when the page asks.
    expect(await page.locator('meta[name=viewport]').getAttribute('content')).toContain(
      'interactive-widget=resizes-content',
    );
    for (const path of ['/web/book', '/users/user', '/web/news']) {
      await open(path);
      await page.getByTestId('create-record').tap();
      await form(page).waitFor();
      const save = form(page).getByTestId('form-submit');
      const fully = async (height: number) => {
        const box = await save.boundingBox();
        return Boolean(box && box.y >= 0 && box.y + box.height <= height && box.x + box.width <= PHONE.width);
      };
      // At the top of the form, with no scrolling (a book's form is taller than the screen).
      await save.waitFor();
      if (path === '/web/book') {
        const scroller = page.locator('.mantine-Modal-content');
        await expect.poll(() => scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 50)).toBe(true);
      }
      expect(await fully(PHONE.height), `${path}: Save at the top of the form`).toBe(true);
      // The keyboard up (what Chromium does with resizes-content: the page shrinks to 460 px), the
      // form's last field tapped: Save above the keyboard, the field not under Save.
      await page.setViewportSize({ width: PHONE.width, height: 460 });
      const last = form(page).locator('input:not([type=hidden]), textarea, [contenteditable=true]').last();
      await last.tap();
      await expect.poll(() => fully(460), { message: `${path}: Save above the keyboard` }).toBe(true);
      // The browser scrolls the focused field into view once the page has shrunk: wait for it.
      const clearOfSave = async () => {
        const field = await last.boundingBox();
        const bar = await form(page).getByTestId('form-footer').boundingBox();
        if (field && bar && field.y + Math.min(field.height, 30) <= bar.y) return 'clear';
        return `the field ${JSON.stringify(field)} under Save ${JSON.stringify(bar)}`;
      };
      await expect.poll(clearOfSave, { message: path }).toBe('clear');
      await page.setViewportSize(PHONE);
      await screenshot(page, `phone-form-${path.slice(1).replace('/', '-')}`);
      await page.keyboard.press('Escape');
      await form(page).waitFor({ state: 'detached' });
    }
  });

  it('gives an image card its preview box before the thumbnail loads (the select box clear of the name)', async () => {
    // Thumbnails that never come: the card must hold its 4:3 box on its own.
    await page.route(/\/prod-api\/files\//, (route) =>
      route.request().resourceType() === 'image' ? route.abort() : route.fallback(),
    );
    try {
      await open('/users/image');
      const card = rows(page).first();
      await card.waitFor();
      const preview = await card.getByRole('link').first().boundingBox();
      const check = await card.getByRole('checkbox').boundingBox();
      const name = await card.locator('p').first().boundingBox();
      if (!preview || !check || !name) throw new Error('the image card has no preview, select box or name');
      expect(preview.height).toBeGreaterThan(preview.width * 0.7);
      expect(check.y + check.height).toBeLessThanOrEqual(name.y);
    } finally {
      await page.unroute(/\/prod-api\/files\//);
    }
  });
});
