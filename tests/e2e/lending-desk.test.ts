import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, baseURL, screenshot } from './browser';
import { toasts } from './lists';
import { e2eSession, type ListPage } from './session';

const session = e2eSession();

/*
 * The lending desk (docs/product.md, "The lending desk"): approving with a due date, the overdue
 * badge, renewing, and a hold becoming ready when the copy comes back. Every record is this
 * file's own (unique names); counts are compared with what they were before, never absolute.
 *
 * The e2e server is a real `main.ts` process with the system clock, which a test cannot move.
 * "The clock moves" is therefore a direct write to the server's own SQLite file (the test's data
 * folder): the loan's due date is set to yesterday, as if two days had passed. The server then
 * counts it overdue at its next count (a change of an application, or the minute's recount).
 */

interface Application {
  id: number;
  version: number;
  status: string;
  dueAt: string | null;
  renewals: number;
  holdPosition: number | null;
}

const tag = `Desk${Date.now() % 100000}`;
let bookId: number;
let spareId: number;
const readers: number[] = [];
const apps: Record<string, number> = {};

beforeAll(async () => {
  const token = session.token;
  const category = await api<{ id: number }>('/category', { body: { name: `${tag} shelf`, sort: 9 }, token });
  bookId = (
    await api<{ id: number }>('/book', {
      body: { title: `${tag} Last Copy`, author: 'Una Single', categoryId: category.id, stock: 1, status: 'on_shelf' },
      token,
    })
  ).id;
  spareId = (
    await api<{ id: number }>('/book', {
      body: { title: `${tag} Spare`, author: 'Sam Spare', categoryId: category.id, stock: 3, status: 'on_shelf' },
      token,
    })
  ).id;
  for (const [i, name] of ['Lena', 'Bram', 'Cato'].entries())
    readers.push(
      (
        await api<{ id: number }>('/users', {
          body: { nickName: `${name} ${tag}`, phone: `137${String(Date.now()).slice(-7)}${i}`, status: 'active' },
          token,
        })
      ).id,
    );
  const ask = async (key: string, reader: number, book: number) => {
    apps[key] = (await api<{ id: number }>('/apply', { body: { userId: reader, bookId: book }, token })).id;
  };
  await ask('loan', readers[0] as number, bookId);
  await ask('hold', readers[1] as number, bookId);
  await ask('spare', readers[2] as number, spareId);
  await ask('other', readers[0] as number, spareId);
});

const row = (page: Page, id: number | undefined) => page.locator(`[data-testid="resource-row"][data-id="${id}"]`);
const applyOf = async (id: number | undefined) =>
  (
    await api<ListPage<Application>>('/apply/page', {
      body: { pageNum: 1, pageSize: 100, keyword: tag },
      token: session.token,
    })
  ).items.find((a) => a.id === id);
const overdueBadge = (page: Page) => page.getByTestId('live-badge-overdue-/users/apply');

/** Its text, or '0' when the badge is not shown (nothing overdue). */
/** Approved loans past their due date on the whole server, as the Overdue filter counts them. */
const overdueTotal = async () =>
  (await api<{ total: number }>('/apply/page', { body: { overdue: true, pageSize: 1 }, token: session.token })).total;

const badgeCount = async (page: Page) =>
  (await overdueBadge(page).count()) ? ((await overdueBadge(page).textContent()) ?? '0') : '0';

describe('the lending desk', () => {
  it('approves with a due date, shows the overdue badge once it passes, renews, and readies a hold on return', async () => {
    const page = await session.signedIn(`/users/apply?keyword=${tag}`);
    await expect.poll(() => row(page, apps.loan).count()).toBe(1);
    const before = Number(await badgeCount(page));

    // Approve the only copy with a due date picked in the dialog (typed as the language writes it).
    await row(page, apps.loan).getByTestId('apply-approved').click();
    const dialog = page.getByTestId('transition-dialog');
    const due = new Date(Date.now() + 10 * 86_400_000);
    const day = `${String(due.getMonth() + 1).padStart(2, '0')}/${String(due.getDate()).padStart(2, '0')}/${due.getFullYear()}`;
    await dialog.getByLabel('Due date').fill(day);
    await screenshot(page, 'desk-approve-dialog-en');
    await dialog.getByTestId('transition-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const lent = await applyOf(apps.loan);
    expect(lent?.status).toBe('approved');
    expect(new Date(lent?.dueAt as string).getDate()).toBe(due.getDate());
    await expect.poll(() => row(page, apps.loan).getByTestId('apply-due').count()).toBe(1);

    // No copy left: approving the second request is refused, and the dialog offers the hold.
    await row(page, apps.hold).getByTestId('apply-approved').click();
    await dialog.getByTestId('transition-confirm').click();
    await dialog.getByTestId('transition-error').waitFor();
    await screenshot(page, 'desk-no-copies-en');
    await dialog.getByTestId('transition-hold-instead').click();
    await dialog.getByTestId('transition-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await applyOf(apps.hold))?.status).toBe('on_hold');
    await expect.poll(() => row(page, apps.hold).getByTestId('apply-queue').textContent()).toContain('1');

    // While someone waits the loan cannot be renewed: the server's refusal is shown in a toast.
    await row(page, apps.loan).getByTestId('apply-renew').click();
    await expect.poll(async () => (await toasts(page).allTextContents()).join(' ')).toContain('Someone is waiting');

    // Two days later, as far as the server can tell: the due date is yesterday.
    const db = new Database(join(inject('dataDir'), 'lectern.sqlite'));
    db.prepare('update application set due_at = ? where id = ?').run(
      new Date(Date.now() - 86_400_000).toISOString(),
      apps.loan,
    );
    db.close();
    // Any change of an application makes the server count again; here another approval.
    await api('/apply', {
      method: 'PUT',
      body: { id: apps.other, version: 0, status: 'approved' },
      token: session.token,
    });
    // The badge says what the server holds: other files write loans straight into the database
    // (no change event), so the count it showed before may have been a recount behind.
    await expect
      .poll(async () => Number(await badgeCount(page)) === (await overdueTotal()), { timeout: 15_000 })
      .toBe(true);
    const whileOverdue = Number(await badgeCount(page));
    expect(whileOverdue).toBeGreaterThanOrEqual(before + 1);
    await page.goto(`/users/apply?keyword=${tag}&overdue=true`);
    await expect.poll(() => page.getByTestId('resource-row').count()).toBe(1);
    expect(await row(page, apps.loan).getByTestId('apply-due').getAttribute('data-overdue')).toBe('true');
    await screenshot(page, 'desk-overdue-en');

    // Returned: the copy goes to the hold (ready), not to the stock; the badge falls back.
    await row(page, apps.loan).getByTestId('apply-returned').click();
    await dialog.getByTestId('transition-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await applyOf(apps.hold))?.status).toBe('ready');
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(String(whileOverdue - 1));
    await page.goto(`/users/apply?keyword=${tag}`);
    await expect.poll(() => row(page, apps.hold).getByTestId('apply-ready-until').count()).toBe(1);
    expect(await row(page, apps.hold).getByTestId('apply-stock').textContent()).toBe('0');

    // Renew a loan of the spare book: one more period.
    const first = await applyOf(apps.other);
    await row(page, apps.other).getByTestId('apply-renew').click();
    await expect.poll(async () => (await applyOf(apps.other))?.renewals).toBe(1);
    const renewed = await applyOf(apps.other);
    expect(Date.parse(renewed?.dueAt as string) - Date.parse(first?.dueAt as string)).toBe(21 * 86_400_000);
    await page.context().close();
  });

  it('holds at 390 and 1366 px in es and ja: the list, the approve dialog and the loan policy', async () => {
    for (const lang of ['es', 'ja']) {
      for (const width of [390, 1366]) {
        const page = await session.signedIn(`/users/apply?keyword=${tag}`);
        await page.context().addCookies([{ name: 'language', value: lang, url: baseURL() }]);
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.reload();
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
        await page.getByTestId('list-total').waitFor();
        await screenshot(page, `desk-list-${lang}-${width}`);
        await page.goto(`/users/apply?keyword=${tag}&status=pending`);
        await page.getByTestId('list-total').waitFor();
        await page.getByTestId('apply-approved').first().click();
        await page.getByTestId('transition-dialog').waitFor();
        await screenshot(page, `desk-approve-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await page.goto('/users/loan-policy');
        await page.getByTestId('loan-policy-form').waitFor();
        // The form checks as the server does, in the user's language.
        await page.getByTestId('loan-policy-loanDays').fill('0');
        await page.getByTestId('loan-policy-holdDays').click();
        await screenshot(page, `desk-policy-${lang}-${width}`);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(scroll, `${lang} ${width}: no sideways scroll`).toBeLessThanOrEqual(1);
        await page.context().close();
      }
    }
  });
});
