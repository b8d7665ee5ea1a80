import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, screenshot } from './browser';
import { rows } from './lists';
import { e2eSession, type ListPage } from './session';

const session = e2eSession();

/*
 * Borrow applications (docs/api.md §4): pending → approved | rejected, approved → returned. Approving
 * takes one from the book's stock (none left: 409), returning gives it back. Arranged: a book with
 * one copy, one reader and two pending applications for it, plus a third to reject.
 */

interface Application {
  id: number;
  version: number;
  status: string;
  remark: string | null;
  bookStock: number;
}

let bookId: number;
const apps: number[] = [];

beforeAll(async () => {
  const category = await api<{ id: number }>('/category', {
    body: { name: 'E2E Lending', sort: 9 },
    token: session.token,
  });
  bookId = (
    await api<{ id: number }>('/book', {
      body: { title: 'The Only Copy', author: 'Una Single', categoryId: category.id, stock: 1, status: 'on_shelf' },
      token: session.token,
    })
  ).id;
  const other = await api<{ id: number }>('/book', {
    body: { title: 'A Spare Tale', author: 'Sam Spare', categoryId: category.id, stock: 5, status: 'on_shelf' },
    token: session.token,
  });
  const reader = await api<{ id: number }>('/users', {
    body: { nickName: 'Lena Lender', phone: '13700000031', status: 'active' },
    token: session.token,
  });
  const second = await api<{ id: number }>('/users', {
    body: { nickName: 'Bram Borrower', phone: '13700000032', status: 'active' },
    token: session.token,
  });
  for (const [userId, book] of [
    [reader.id, bookId],
    [second.id, bookId],
    [second.id, other.id],
  ] as const) {
    apps.push((await api<{ id: number }>('/apply', { body: { userId, bookId: book }, token: session.token })).id);
  }
});

const row = (page: Page, id: number | undefined) => page.locator(`[data-testid="resource-row"][data-id="${id}"]`);
const stockOf = (page: Page, id: number | undefined) => row(page, id).getByTestId('apply-stock').textContent();
const applyOf = async (id: number | undefined) =>
  (
    await api<ListPage<Application>>('/apply/page', { body: { pageNum: 1, pageSize: 100 }, token: session.token })
  ).items.find((a) => a.id === id);

async function transition(page: Page, id: number | undefined, to: 'approved' | 'rejected' | 'returned', remark = '') {
  await row(page, id).getByTestId(`apply-${to}`).click();
  const dialog = page.getByTestId('transition-dialog');
  if (remark) await dialog.getByLabel('Remark').fill(remark);
  await dialog.getByTestId('transition-confirm').click();
}

describe('applications', () => {
  it('approves, refuses a second approval without stock, returns and rejects, with the stock shown changing', async () => {
    const page = await session.signedIn('/users/apply');
    await page.getByTestId('list-keyword').fill('Only Copy');
    await expect.poll(() => rows(page).count()).toBe(2);
    const [first, second, third] = apps;
    expect(await stockOf(page, first)).toBe('1');
    await screenshot(page, 'applications-list');

    // Approve the first: stock 1 → 0 on both rows of that book.
    await transition(page, first, 'approved', 'Due back in two weeks');
    await page.getByTestId('transition-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => stockOf(page, first)).toBe('0');
    await expect.poll(() => stockOf(page, second)).toBe('0');
    await expect.poll(() => row(page, first).textContent()).toContain('Approved');
    expect(await applyOf(first)).toMatchObject({ status: 'approved', remark: 'Due back in two weeks' });
    // An approved application offers only Mark returned.
    expect(await row(page, first).getByTestId('apply-approved').count()).toBe(0);

    // Approving the second: the server's 409 (no stock) is shown, and nothing changes.
    await transition(page, second, 'approved');
    const refusal = page.getByTestId('transition-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('are left to lend');
    await screenshot(page, 'applications-no-stock');
    await page.getByTestId('transition-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await applyOf(second)).toMatchObject({ status: 'pending' });

    // Mark the first returned: stock back to 1.
    await transition(page, first, 'returned');
    await page.getByTestId('transition-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => stockOf(page, first)).toBe('1');
    await expect.poll(() => row(page, first).textContent()).toContain('Returned');
    expect(await row(page, first).getByRole('button').count()).toBe(0);

    // Now the second can be approved.
    await transition(page, second, 'approved');
    await page.getByTestId('transition-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => stockOf(page, second)).toBe('0');

    // Reject the third (another book) and filter by status.
    await page.getByTestId('list-keyword').fill('Spare Tale');
    await expect.poll(() => rows(page).count()).toBe(1);
    await transition(page, third, 'rejected', 'Not available to this reader');
    await page.getByTestId('transition-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row(page, third).textContent()).toContain('Rejected');
    expect(await applyOf(third)).toMatchObject({ status: 'rejected', bookStock: 5 });

    await page.getByTestId('list-keyword').fill('');
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Returned' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('returned');
    await expect.poll(async () => (await rows(page).allTextContents()).every((t) => t.includes('Returned'))).toBe(true);
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'applications-filtered');
    await page.context().close();
  });

  it('shows the stale-version refusal when someone else moved the application first', async () => {
    const category = await api<{ id: number }>('/category', {
      body: { name: 'E2E Stale', sort: 10 },
      token: session.token,
    });
    const book = await api<{ id: number }>('/book', {
      body: { title: 'Raced Volume', author: 'Rae Race', categoryId: category.id, stock: 2, status: 'on_shelf' },
      token: session.token,
    });
    const reader = await api<{ id: number }>('/users', {
      body: { nickName: 'Quinn Quick', phone: '13700000033', status: 'active' },
      token: session.token,
    });
    const app = await api<Application>('/apply', {
      body: { userId: reader.id, bookId: book.id },
      token: session.token,
    });
    const page = await session.signedIn('/users/apply?keyword=Raced');
    await row(page, app.id).waitFor();
    // Someone else rejects it while the dialog is open (before it opened, the live stream would
    // have refreshed the row and its Approve button would be gone).
    await row(page, app.id).getByTestId('apply-approved').click();
    await page.getByTestId('transition-dialog').waitFor();
    await api('/apply', {
      method: 'PUT',
      body: { id: app.id, version: app.version, status: 'rejected' },
      token: session.token,
    });
    await page.getByTestId('transition-dialog').getByTestId('transition-confirm').click();
    await page.getByTestId('transition-error').getByText('changed by someone else').waitFor();
    await page.getByTestId('transition-dialog').getByRole('button', { name: 'Cancel' }).click();
    // The list has caught up with the server.
    await expect.poll(() => row(page, app.id).textContent()).toContain('Rejected');
    await page.context().close();
  });
});
