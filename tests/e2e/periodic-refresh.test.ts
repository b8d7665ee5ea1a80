import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundContext, cachedAnswers, firePeriodicSync, signInAs, workerState } from './background-helpers';
import { admin, adminToken, api, createStaff, launch } from './browser';
import { findBook } from './pwa-helpers';

/*
 * Periodic Background Sync with every console page closed: the member's recently read lists, record
 * pages and Home's figures are asked again with the session's cookie and written into that
 * session's cache; another member signed in since on the same profile never gets the first one's
 * lists refreshed or badged.
 */
let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);
const title = `Periodic Atlas ${stamp}`;
let shelf: number;
let staff = {
  userName: `periodic_${stamp}`,
  phone: `139${String(Date.now()).slice(-8)}`,
  name: 'Pia Periodic',
  roles: ['operator'],
  status: 'active',
  password: 'pia-periodic-pass',
};

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  shelf = (await api<{ id: number }>('/category', { body: { name: `Periodic shelf ${stamp}`, sort: 5 }, token })).id;
  await api('/book', { body: { title, author: 'Ray Fresh', categoryId: shelf, stock: 4, status: 'on_shelf' }, token });
  staff = await createStaff(token, staff);
});
afterAll(() => browser?.close());

async function setStock(stock: number): Promise<void> {
  const b = (await findBook(token, title))!;
  await api('/book', {
    method: 'PUT',
    body: { id: b.id, version: b.version, title, author: 'Ray Fresh', categoryId: shelf, stock, status: 'on_shelf' },
    token,
  });
}

interface BookAnswer {
  code: number;
  data: { items: { title: string; stock: number }[] };
}
const stockInCache = (answers: { key: string; body: unknown }[]) =>
  answers
    .filter((a) => a.key.includes('/book/page'))
    .flatMap((a) => (a.body as BookAnswer | null)?.data?.items ?? [])
    .find((b) => b.title === title)?.stock;
/** Home's count of books (GET /system/info) as the session's cache holds it. */
const booksOnHome = (answers: { key: string; body: unknown }[]) =>
  (
    answers.find((a) => new URL(a.key).pathname.endsWith('/prod-api/system/info'))?.body as
      | { data?: { counts?: { book?: number } } }
      | undefined
  )?.data?.counts?.book;
/** The record page's read (GET /book/<id>) as the session's cache holds it. */
const recordStockInCache = (answers: { key: string; body: unknown }[], id: number) =>
  (
    answers.find((a) => new URL(a.key).pathname.endsWith(`/prod-api/book/${id}`))?.body as
      | { data?: { stock?: number } }
      | undefined
  )?.data?.stock;

describe('the periodic refresh', () => {
  it('refreshes a cached list, record and Home’s figures with every console page closed', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await backgroundContext(browser);
    await signInAs(page, admin);
    await page.goto(`/web/book?keyword=${encodeURIComponent(title)}`);
    await page.getByTestId('resource-row').filter({ hasText: title }).waitFor();
    await expect.poll(async () => stockInCache(await cachedAnswers(context)), { timeout: 15_000 }).toBe(4);
    const bookId = (await findBook(token, title))!.id;
    await page.goto(`/web/book/${bookId}`);
    await page.getByText(title).first().waitFor();
    await expect
      .poll(async () => recordStockInCache(await cachedAnswers(context), bookId), { timeout: 15_000 })
      .toBe(4);
    await page.goto('/index');
    await expect.poll(async () => booksOnHome(await cachedAnswers(context)), { timeout: 15_000 }).toBeGreaterThan(0);
    const booksBefore = booksOnHome(await cachedAnswers(context))!;
    const { session } = (await workerState(context)) as { session: { userKey: string } };
    await expect
      .poll(async () => Object.keys(await workerState(context)).includes(`recent:${session.userKey}`))
      .toBe(true);

    // The record changes on the server while no console is open.
    const blank = await context.newPage();
    await page.close();
    await setStock(9);
    await api('/book', {
      body: { title: `Periodic extra ${stamp}`, author: 'Ray Fresh', categoryId: shelf, stock: 1, status: 'on_shelf' },
      token,
    });
    const before = Date.now();
    await firePeriodicSync(context, blank);
    await expect.poll(async () => stockInCache(await cachedAnswers(context)), { timeout: 30_000 }).toBe(9);
    await expect.poll(async () => recordStockInCache(await cachedAnswers(context), bookId)).toBe(9);
    // Home's figures too (other tests add books meanwhile: at least the one added here).
    await expect.poll(async () => booksOnHome(await cachedAnswers(context))).toBeGreaterThan(booksBefore);
    // Stamped now: the offline banner's age starts again.
    const stampedAt = await (await context.serviceWorkers()[0]!).evaluate(async () => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('lectern-api-') || name.endsWith('-session')) continue;
        for (const req of await (await caches.open(name)).keys()) {
          if (req.url.includes('/book/page')) {
            return Number((await (await caches.open(name)).match(req))?.headers.get('X-Lectern-Cached-At'));
          }
        }
      }
      return 0;
    });
    expect(stampedAt).toBeGreaterThanOrEqual(before);
    await context.close();
  });

  it('never refreshes or badges another member’s data on the same profile', { timeout: 180_000 }, async () => {
    const { context, page } = await backgroundContext(browser);
    await signInAs(page, admin);
    await page.goto(`/web/book?keyword=${encodeURIComponent(title)}`);
    await page.getByTestId('resource-row').filter({ hasText: title }).waitFor();
    const first = ((await workerState(context)) as { session: { userKey: string } }).session.userKey;
    await expect.poll(async () => Object.keys(await workerState(context))).toContain(`recent:${first}`);

    // The admin leaves without signing out; a staff member signs in on the same profile.
    await context.clearCookies();
    await signInAs(page, staff, 'staff');
    await page.goto('/web/category');
    await page.getByTestId('resource-row').first().waitFor();
    const second = ((await workerState(context)) as { session: { userKey: string } }).session.userKey;
    expect(second).not.toBe(first);

    const blank = await context.newPage();
    await page.close();
    await setStock(12);
    await firePeriodicSync(context, blank);
    await expect
      .poll(async () => ((await workerState(context)).badge as { userKey?: string } | undefined)?.userKey, {
        timeout: 30_000,
      })
      .toBe(second);
    const state = await workerState(context);
    expect(Object.keys(state).filter((k) => k.includes(first))).toEqual([]);
    const answers = await cachedAnswers(context);
    expect(answers.filter((a) => a.cache.includes(first))).toEqual([]);
    expect(stockInCache(answers)).toBeUndefined();
    await context.close();
  });
});
