import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { report, seriousViolations } from './axe';
import { api, baseURL, createStaff, screenshot, signIn } from './browser';
import { rows, urlSearch } from './lists';
import { e2eSession } from './session';

/**
 * Range filters in the list bar: Books by stock, Applications by the day they were made (in the
 * browser's own time zone), kept in the URL, in a saved view, and cleared by Reset.
 */
const session = e2eSession();
let member: { userName: string; password: string };
let readerId: number;
let bookId: number;

beforeAll(async () => {
  const token = session.token;
  // A member of its own: the default view saved below must not change the admin's Books list.
  const staff = await createStaff(token, {
    userName: 'rangekeeper',
    name: 'Range Keeper',
    phone: '13900000882',
    roles: ['operator'],
    status: 'active',
    password: 'copper-lantern-meadow',
  });
  member = { userName: staff.phone, password: staff.password };
  const cat = await api<{ id: number }>('/category', { body: { name: 'Range shelf', sort: 9 }, token });
  for (const [title, stock] of [
    ['Rangefinder Zero', 0],
    ['Rangefinder Two', 2],
    ['Rangefinder Six', 6],
    ['Rangefinder Eleven', 11],
  ] as const) {
    const b = await api<{ id: number }>('/book', {
      body: { title, author: 'Rhea Range', categoryId: cat.id, stock, status: 'on_shelf' },
      token,
    });
    bookId = b.id;
  }
  readerId = (
    await api<{ id: number }>('/users', {
      body: { nickName: 'Rangeborrower', phone: '13600000882', status: 'active' },
      token,
    })
  ).id;
  await api('/apply', { body: { userId: readerId, bookId }, token });
});

/** Signed in through the real form in a context with its own time zone. */
async function signedInAt(path: string, timezoneId: string, who = member): Promise<Page> {
  const context = await session.browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId,
  });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'staff', who.userName, who.password);
  await page.waitForURL((u) => u.pathname === new URL(path, 'http://console').pathname);
  return page;
}

const titles = async (page: Page) =>
  (await rows(page).allTextContents()).map((t) => /Rangefinder (Zero|Two|Six|Eleven)/.exec(t)?.[0]).filter(Boolean);

describe('range filters', () => {
  it('filters Books by a stock range, refuses an end below the start, keeps the range in a saved view', async () => {
    const page = await signedInAt('/web/book?keyword=Rangefinder&sort=stock&order=asc', 'UTC');
    await expect.poll(() => rows(page).count()).toBe(4);

    // Labelled for screen readers: a group named like the other filters, each input by its end.
    const group = page.getByRole('group', { name: 'Filter: Stock' });
    await group.getByLabel('Stock: from').fill('2');
    await page.keyboard.press('Tab');
    await expect.poll(() => urlSearch(page)).toMatchObject({ stockMin: '2' });
    await group.getByLabel('Stock: to').fill('6');
    await page.keyboard.press('Enter');
    await expect.poll(() => titles(page)).toEqual(['Rangefinder Two', 'Rangefinder Six']);
    expect(urlSearch(page)).toMatchObject({ stockMin: '2', stockMax: '6' });

    // An end below the start: said under the end, nothing sent.
    await page.getByTestId('filter-stockMax').fill('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('The end of the range is before its start').count()).toBe(1);
    const stockMax = page.getByTestId('filter-stockMax');
    expect(await stockMax.getAttribute('aria-invalid')).toBe('true');
    // Screen readers hear why with the input.
    const describedBy = (await stockMax.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The end of the range is before its start');
    expect(urlSearch(page)).toMatchObject({ stockMax: '6' });
    expect(report(await seriousViolations(page, 'range filter with an error'))).toBe('');
    await screenshot(page, 'range-filter-error');
    await page.getByTestId('filter-stockMax').fill('6');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('The end of the range is before its start').count()).toBe(0);

    // Save it as the default view.
    await page.getByTestId('views-menu').click();
    await page.getByTestId('views-save').click();
    await page.getByTestId('views-name').fill('Two to six');
    await page.getByTestId('views-name-default').check();
    await page.getByTestId('views-name-save').click();
    await expect.poll(() => page.getByTestId('views-menu').textContent()).toContain('Two to six');

    // Reset empties the whole bar, the range included.
    await page.getByTestId('reset-filters').click();
    await expect.poll(() => urlSearch(page)).not.toHaveProperty('stockMin');
    expect(urlSearch(page)).not.toHaveProperty('keyword');
    expect(await page.getByTestId('filter-stockMin').inputValue()).toBe('');
    expect(await page.getByTestId('reset-filters').count()).toBe(0);

    // The bare list, reloaded: the default view brings the range back, inputs and rows.
    await page.goto('/web/book');
    await expect.poll(() => urlSearch(page)).toMatchObject({ stockMin: '2', stockMax: '6', keyword: 'Rangefinder' });
    await expect.poll(() => titles(page)).toEqual(['Rangefinder Two', 'Rangefinder Six']);
    expect(await page.getByTestId('filter-stockMin').inputValue()).toBe('2');
    expect(await page.getByTestId('filter-stockMax').inputValue()).toBe('6');
    await screenshot(page, 'range-filter-view');
    await page.context().close();
  });

  it('filters Applications by the days of the browser’s time zone', async () => {
    // UTC+14: its calendar day is not UTC's for most of the day.
    const zone = 'Pacific/Kiritimati';
    const day = (offsetDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + offsetDays * 86_400_000));
    const today = day(0);
    const page = await signedInAt('/users/apply?keyword=Rangeborrower', zone);
    await expect.poll(() => rows(page).count()).toBe(1);

    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/prod-api/apply/page')) bodies.push(r.postDataJSON() as Record<string, unknown>);
    });
    const group = page.getByRole('group', { name: 'Filter: Applied' });
    await group.getByLabel('Applied: from').fill(today);
    await group.getByLabel('Applied: to').fill(today);
    await expect.poll(() => urlSearch(page)).toMatchObject({ createdFrom: today, createdTo: today });
    await expect.poll(() => rows(page).count()).toBe(1);
    // The days went out as that zone's instants: its midnight, and the last millisecond of the day.
    const start = new Date(`${today}T00:00:00+14:00`);
    await expect
      .poll(() => bodies.at(-1))
      .toMatchObject({
        createdFrom: start.toISOString(),
        createdTo: new Date(start.getTime() + 86_400_000 - 1).toISOString(),
      });

    // A range that ended yesterday finds nothing.
    await group.getByLabel('Applied: from').fill(day(-2));
    await group.getByLabel('Applied: to').fill(day(-1));
    await page.getByTestId('list-empty').waitFor();
    expect(await page.getByTestId('filter-createdTo').inputValue()).toBe(day(-1));
    await page.context().close();
  });
});
