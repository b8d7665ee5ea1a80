import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, baseURL, createStaff, launch, openSignedIn, screenshot } from './browser';
import { form, rows } from './lists';
import { controlled } from './pwa-helpers';

/*
 * The live stream in two real browser contexts (an admin and an operator) against the real
 * server: a borrow application posted through the API (as the reading site would) appears as a
 * menu badge in the other console without a reload, an edit made in one console shows in the
 * other's open list without a reload, and each editor sees that the other has the record open.
 */

let browser: Browser;
let token: string;
let bookId: number;
let readerId: number;
let olga = {
  userName: 'live-olga',
  phone: '13700000071',
  name: 'Olga Live',
  roles: ['operator'],
  status: 'active',
  password: 'Olga-live-pass-1',
};

interface Page_<T> {
  items: T[];
  total: number;
}

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  const category = await api<{ id: number }>('/category', { body: { name: 'E2E Live', sort: 9 }, token });
  bookId = (
    await api<{ id: number }>('/book', {
      body: { title: 'Live Ledger', author: 'Rita Realtime', categoryId: category.id, stock: 3, status: 'on_shelf' },
      token,
    })
  ).id;
  readerId = (
    await api<{ id: number }>('/users', {
      body: { nickName: 'Live Reader', phone: '13700000072', status: 'active' },
      token,
    })
  ).id;
  olga = await createStaff(token, olga);
});
afterAll(() => browser?.close());

/** Waiting work, as the badges count it, straight from the API. */
async function waiting() {
  const pending = (
    await api<Page_<unknown>>('/apply/page', { body: { pageNum: 1, pageSize: 1, status: 'pending' }, token })
  ).total;
  const unread = (
    await api<Page_<unknown>>('/online/page', { body: { pageNum: 1, pageSize: 1, status: 'unread' }, token })
  ).total;
  return { pending, unread };
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'} waiting`;
const badge = (page: Page, path: string) => page.getByTestId(`live-badge-${path}`);
const labelOf = async (page: Page, path: string) =>
  (await badge(page, path).count()) ? await badge(page, path).getAttribute('aria-label') : null;

/** A mark on the window: still there later means the page was never reloaded. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __liveMark: 'kept' }));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __liveMark?: string }).__liveMark);

describe('live counts and fresh lists', () => {
  it("a new borrow application shows in another console's menu without a reload", async () => {
    const page = await openSignedIn(browser, '/web/book', { userName: olga.phone, password: olga.password }, 'staff');
    const before = await waiting();
    // The stream's first counts: the User management group's badge (closed, it still says something waits).
    await expect
      .poll(() => labelOf(page, '/users'))
      .toBe(before.pending + before.unread > 0 ? items(before.pending + before.unread) : null);
    await mark(page);

    // As the reading site would: the application is created through the API.
    await api('/apply', { body: { userId: readerId, bookId, remark: 'Live please' }, token });
    await expect.poll(() => labelOf(page, '/users')).toBe(items(before.pending + before.unread + 1));
    // Inside the group: the Applications entry carries its own count, part of the link's name.
    await page.getByRole('button', { name: /^User management/ }).click();
    const n = before.pending + 1;
    const applications = `${n} pending ${n === 1 ? 'application' : 'applications'}`;
    await expect.poll(() => labelOf(page, '/users/apply')).toBe(applications);
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(`^Applications.*${applications}`) }).count())
      .toBe(1);
    // A message from a reader: the Online messages entry counts it too.
    await api('/online', {
      body: { readerName: 'Live Reader', content: 'Is the Ledger in?', status: 'unread' },
      token,
    });
    const m = before.unread + 1;
    await expect.poll(() => labelOf(page, '/users/online')).toBe(`${m} unread ${m === 1 ? 'message' : 'messages'}`);
    await screenshot(page, 'live-badges');
    expect(await marked(page)).toBe('kept');
    await page.context().close();
  });

  it('shows who else has a record open, and an edit made in one console appears in the other without a reload', async () => {
    const adminPage = await openSignedIn(browser, '/web/book');
    const olgaPage = await openSignedIn(
      browser,
      '/web/book',
      { userName: olga.phone, password: olga.password },
      'staff',
    );
    for (const page of [adminPage, olgaPage]) {
      await page.getByTestId('list-keyword').fill('Live Ledger');
      await expect.poll(() => rows(page).count()).toBe(1);
    }
    await mark(olgaPage);

    // The admin opens the book's form; then Olga opens it too and is told who is there.
    await adminPage.getByRole('button', { name: 'Edit Live Ledger' }).click();
    await form(adminPage).waitFor();
    await olgaPage.getByRole('button', { name: 'Edit Live Ledger' }).click();
    await form(olgaPage).waitFor();
    const adminName = (await api<{ name: string }>('/auth/info', { token })).name;
    await expect
      .poll(() => olgaPage.getByTestId('form-presence').textContent())
      .toBe(`${adminName} is editing this record`);
    // And the admin, before saving, sees Olga arrive.
    await expect
      .poll(() => adminPage.getByTestId('form-presence').textContent())
      .toBe('Olga Live is editing this record');
    await screenshot(olgaPage, 'live-presence');

    // Olga closes her form: the admin's notice goes.
    await olgaPage.keyboard.press('Escape');
    await form(olgaPage).waitFor({ state: 'detached' });
    await expect.poll(() => adminPage.getByTestId('form-presence').count()).toBe(0);

    // The admin saves a new title; Olga's open list shows it without a reload.
    await form(adminPage).getByLabel('Title').fill('Live Ledger, second edition');
    await form(adminPage).getByTestId('form-submit').click();
    await form(adminPage).waitFor({ state: 'detached' });
    await expect.poll(() => rows(olgaPage).first().textContent()).toContain('Live Ledger, second edition');
    expect(await marked(olgaPage)).toBe('kept');
    await adminPage.context().close();
    await olgaPage.context().close();
  });

  it('stops the stream offline and catches up when back online, through the service worker', async () => {
    const page = await openSignedIn(browser, '/web/book', { userName: olga.phone, password: olga.password }, 'staff');
    await page.getByTestId('list-keyword').fill('Live Ledger');
    await expect.poll(() => rows(page).count()).toBe(1);
    const before = await waiting();
    const total = before.pending + before.unread;
    await expect.poll(() => labelOf(page, '/users')).toBe(total > 0 ? items(total) : null);
    await mark(page);

    // Offline needs the service worker in control (the console's code loads through it).
    await controlled(page);
    await page.context().setOffline(true);
    // While offline: a new application and a new title, neither seen yet.
    await api('/apply', { body: { userId: readerId, bookId }, token });
    const book = (
      await api<Page_<{ id: number; version: number }>>('/book/page', { body: { keyword: 'Live Ledger' }, token })
    ).items[0];
    await api('/book', {
      method: 'PUT',
      body: { ...book, title: 'Live Ledger, read offline' },
      token,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await labelOf(page, '/users')).toBe(total > 0 ? items(total) : null);

    await page.context().setOffline(false);
    await expect.poll(() => labelOf(page, '/users')).toBe(items(total + 1));
    await expect.poll(() => rows(page).first().textContent()).toContain('Live Ledger, read offline');
    expect(await marked(page)).toBe('kept');
    await page.context().close();
  });
});

describe('a cold screen asks for each datum once', () => {
  it('Books: each of its requests once, the stream opened after them, resuming from where they were read', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      // The service worker's own requests (its precache, the second session check it asks for
      // once in control) are the PWA suite's; here, what the console asks.
      serviceWorkers: 'block',
    });
    await context.addCookies([{ name: 'Authorization', value: token, url: baseURL() }]);
    const page = await context.newPage();
    const asked: { path: string; at: number; done?: number; lastEventId?: string }[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/prod-api/')) return;
      asked.push({ path: url.pathname, at: Date.now(), lastEventId: r.headers()['last-event-id'] });
    });
    page.on('requestfinished', (r) => {
      const path = new URL(r.url()).pathname;
      const call = asked.find((c) => c.path === path && c.done === undefined);
      if (call) call.done = Date.now();
    });
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    // The stream opens once the page has settled; then a while more, past when the old console
    // fetched everything again as the stream connected.
    await expect.poll(() => asked.some((c) => c.path === '/prod-api/events'), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(4000);
    const counts = new Map<string, number>();
    for (const c of asked) counts.set(c.path, (counts.get(c.path) ?? 0) + 1);
    const data = [...counts.keys()].filter((p) => p !== '/prod-api/events');
    expect(data).toEqual(expect.arrayContaining(['/prod-api/auth/info', '/prod-api/book/page', '/prod-api/views']));
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries([...counts.keys()].map((p) => [p, 1])));
    // After the screen's data, and from the position it was read at.
    const stream = asked.find((c) => c.path === '/prod-api/events');
    const lastData = Math.max(...asked.filter((c) => c.path !== '/prod-api/events').map((c) => c.done ?? Infinity));
    expect(stream?.at).toBeGreaterThanOrEqual(lastData);
    expect(stream?.lastEventId).toMatch(/^[0-9a-f]+-\d+$/);

    // A change made elsewhere after the screen read its data still reaches it, as an event.
    const before = asked.length;
    const book = (
      await api<Page_<{ id: number; version: number; stock: number }>>('/book/page', {
        body: { keyword: 'Live Ledger' },
        token,
      })
    ).items[0];
    await api('/book', { method: 'PUT', body: { ...book, stock: (book?.stock ?? 0) + 1 }, token });
    await expect.poll(() => asked.slice(before).some((c) => c.path === '/prod-api/book/page')).toBe(true);
    await context.close();
  });
});
