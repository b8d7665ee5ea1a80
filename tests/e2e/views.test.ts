import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report, seriousViolations } from './axe';
import { adminToken, api, createStaff, launch, openSignedIn, screenshot } from './browser';
import { rows, urlSearch } from './lists';

let browser: Browser;
/** Signs in on the staff tab with the phone number. */
let member: { userName: string; password: string };

beforeAll(async () => {
  browser = await launch();
  const token = await adminToken();
  const staff = await createStaff(token, {
    userName: 'viewkeeper',
    name: 'View Keeper',
    phone: '13900000881',
    roles: ['operator'],
    status: 'active',
    password: 'saffron-pebble-orchard',
  });
  member = { userName: staff.phone, password: staff.password };
  const cat = await api<{ id: number }>('/category', { body: { name: 'Views shelf', sort: 9 }, token });
  for (const [title, stock] of [
    ['Viewable Alpha', 9],
    ['Viewable Beta', 1],
    ['Viewable Gamma', 5],
  ] as const) {
    await api('/book', {
      body: { title, author: 'Vera Views', categoryId: cat.id, stock, status: 'on_shelf' },
      token,
    });
  }
});
afterAll(() => browser?.close());

const headers = (page: Page) => page.locator('thead th').allTextContents();

async function openViews(page: Page) {
  await page.getByTestId('views-menu').click();
  await page.getByTestId('views-dropdown').waitFor();
}

describe('saved list views', () => {
  it('saves a view on Books that survives a reload and follows the member to another browser', async () => {
    const page = await openSignedIn(browser, '/web/book?keyword=Viewable&sort=stock&order=asc', member, 'staff');
    await expect.poll(() => rows(page).count()).toBe(3);

    // Save the current search as the default view, by keyboard from the toolbar button.
    await page.getByTestId('views-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('views-dropdown').waitFor();
    await page.getByTestId('views-save').click();
    await page.getByTestId('views-name').fill('Low stock first');
    await page.getByTestId('views-name-default').check();
    await page.getByTestId('views-name-save').click();
    await expect.poll(() => page.getByTestId('views-menu').textContent()).toContain('Low stock first');

    // Columns and density are kept in the view: hide Author, compact rows.
    await openViews(page);
    expect(report(await seriousViolations(page, 'views menu'))).toBe('');
    await page.getByTestId('views-columns').click();
    await page.getByTestId('views-column-list').waitFor();
    // The menu fades out as the chooser opens: check once it is gone, not its half-transparent items.
    await page.getByTestId('views-columns').waitFor({ state: 'detached' });
    expect(report(await seriousViolations(page, 'column chooser'))).toBe('');
    // Order by keyboard: Stock moves up one place.
    await page.getByRole('button', { name: 'Move Stock up' }).focus();
    await page.keyboard.press('Enter');
    const order = await page
      .getByTestId('views-column')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(order.indexOf('stock')).toBe(order.indexOf('category') - 1);
    await page.getByRole('checkbox', { name: 'Author', exact: true }).uncheck();
    await page.getByText('Compact', { exact: true }).click();
    await page.getByTestId('views-columns-save').click();
    await expect.poll(() => headers(page)).not.toContain('Author');
    await expect
      .poll(async () => (await headers(page)).indexOf('Stock'))
      .toBeLessThan((await headers(page)).indexOf('Category / subclass'));
    await expect.poll(() => page.locator('table[data-density]').first().getAttribute('data-density')).toBe('compact');
    await screenshot(page, 'views-saved');

    // Reload: the view is still there, in use (its search is the URL's), with its layout.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(3);
    await expect.poll(() => page.getByTestId('views-menu').textContent()).toContain('Low stock first');
    await expect.poll(() => headers(page)).not.toContain('Author');
    await openViews(page);
    expect(await page.getByTestId('views-item').allTextContents()).toEqual(['Low stock first']);
    await page.keyboard.press('Escape');

    // A second browser, same member, the bare list: the default view applies (search and layout).
    const other = await openSignedIn(browser, '/web/book', member, 'staff');
    await expect.poll(() => urlSearch(other)).toMatchObject({ keyword: 'Viewable', sort: 'stock', order: 'asc' });
    await expect.poll(() => rows(other).count()).toBe(3);
    await expect.poll(() => headers(other)).not.toContain('Author');
    await expect.poll(() => other.locator('table[data-density]').first().getAttribute('data-density')).toBe('compact');
    await openViews(other);
    expect(await other.getByTestId('views-item').allTextContents()).toEqual(['Low stock first']);
    await other.context().close();
    await page.context().close();
  });
});
