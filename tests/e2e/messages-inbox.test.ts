import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, settled, signInAnyLanguage, startDemoServer, variantContext } from './a11y-helpers';
import { launch, screenshot } from './browser';
import { describeDefects, layoutDefects } from './layout-checks';
import { rows } from './lists';
import { ADMIN_PASSWORD, apiCall } from './server-process';

/*
 * Online messages as a member meets them, on the demo site (a server of its own: its 60 messages
 * were received at times that do not follow their ids): the newest first, a worded Reply on each,
 * the drawer saying that opening marked the message read (with Mark as unread) and what saving a
 * reply does for the reader. Also where Images sits in the menu, and the Bibliography's empty cells.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
let server: { url: string; stop: () => Promise<void> };
let token = '';

interface Msg {
  id: number;
  status: 'unread' | 'read' | 'replied';
  readerName: string;
}
const call = <T>(path: string, body?: unknown) => apiCall<T>(server.url, path, body, token);
const messages = (body: Record<string, unknown>) =>
  call<{ items: Msg[]; total: number }>('/online/page', { pageNum: 1, pageSize: 10, ...body });
const statusOf = async (m: Msg) =>
  (await messages({ keyword: m.readerName, pageSize: 100 })).items.find((x) => x.id === m.id)?.status;

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startDemoServer()]);
  token = (await apiCall<{ token: string }>(server.url, '/auth/login', { userName: 'admin', password: ADMIN_PASSWORD }))
    .token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(language: Language, viewport: { width: number; height: number }, path: string) {
  const context = await variantContext(browser, server.url, { language, dark: false }, viewport);
  const page = await context.newPage();
  await signInAnyLanguage(page, path);
  // Rows, or the empty list's message (the demo site has no images).
  await page.locator('[data-testid="resource-row"], [data-testid="list-empty"]').first().waitFor();
  await settled(page);
  return page;
}

/** The text a control shows, and its accessible name (which must start with that text). */
const labelOf = (page: Page, testId: string, index = 0) =>
  page
    .getByTestId(testId)
    .nth(index)
    .evaluate((el) => ({ shown: (el.textContent ?? '').trim(), name: el.getAttribute('aria-label') ?? '' }));

describe('online messages', () => {
  it('lists the newest received first when no sort is chosen', async () => {
    const byTime = (await messages({ sort: 'createdAt', order: 'desc' })).items.map((m) => m.id);
    const byId = (await messages({ sort: 'id', order: 'desc' })).items.map((m) => m.id);
    // Otherwise this would prove nothing: the demo's times must run against its ids somewhere.
    expect(byTime).not.toEqual(byId);

    const page = await signedIn('en', LAPTOP, '/users/online');
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();
    await expect
      .poll(() => rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id')))))
      .toEqual(byTime);
    await page.context().close();
  });

  it.each<Language>(['es', 'ja'])(
    'on a phone in %s: a worded Reply, the drawer says it marked the message read, and Mark as unread undoes it',
    async (language) => {
      const page = await signedIn(language, PHONE, '/users/online');
      await page.goto('/users/online?status=unread');
      const unread = (await messages({ status: 'unread', pageSize: 1 })).items[0];
      if (!unread) throw new Error('the demo site has no unread message');
      const card = page.locator(`[data-testid="resource-row"][data-id="${unread.id}"]`);
      await card.waitFor();
      // A button with words on it, not an envelope alone: a phone shows no tooltip.
      const { shown, name } = await card.getByTestId('message-open').evaluate((el) => ({
        shown: (el.textContent ?? '').trim(),
        name: el.getAttribute('aria-label') ?? '',
      }));
      expect(shown.length).toBeGreaterThan(0);
      expect(name.startsWith(shown)).toBe(true);
      expect(name).toContain(unread.readerName);
      await screenshot(page, `messages-list-${language}-390`);

      await card.getByTestId('message-open').click();
      const drawer = page.getByTestId('message-drawer');
      await drawer.waitFor();
      // Opening marked it read, and the drawer says so, with the way back.
      await drawer.getByTestId('message-read-state').waitFor();
      await expect.poll(() => statusOf(unread)).toBe('read');
      expect((await drawer.getByTestId('message-read-state').textContent())?.trim().length).toBeGreaterThan(0);
      // What saving a reply does for the reader is said before it is saved: the field's description.
      const described = await drawer.getByTestId('message-reply').evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim(),
      );
      expect(described.length).toBeGreaterThan(20);
      await settled(page);
      await screenshot(page, `messages-drawer-${language}-390`);
      const defects = await layoutDefects(page, { phone: true });
      expect(describeDefects(`${language} 390 message drawer`, defects)).toEqual([]);

      await drawer.getByTestId('message-mark-unread').click();
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(() => statusOf(unread)).toBe('unread');
      await page.context().close();
    },
  );

  it.each<Language>(['es', 'ja'])('on a laptop in %s: each row’s Reply or View reply is named', async (language) => {
    const page = await signedIn(language, LAPTOP, '/users/online');
    await screenshot(page, `messages-list-${language}-1366`);
    const count = await page.getByTestId('message-open').count();
    expect(count).toBeGreaterThan(0);
    // The table's icon: named with the reader, and its tooltip is how the name starts.
    for (let i = 0; i < count; i++) expect((await labelOf(page, 'message-open', i)).name.length).toBeGreaterThan(0);
    const defects = await layoutDefects(page, { phone: false });
    expect(describeDefects(`${language} 1366 messages`, defects)).toEqual([]);
    await page.getByTestId('message-open').first().hover();
    const tip = (await page.getByRole('tooltip').textContent())?.trim() ?? '';
    expect(tip.length).toBeGreaterThan(0);
    expect((await labelOf(page, 'message-open')).name.startsWith(tip)).toBe(true);

    // A replied message opens to its reply; the note under it says what the reader gets.
    await page.goto('/users/online?status=replied');
    await rows(page).first().waitFor();
    await page.getByTestId('message-open').first().click();
    const drawer = page.getByTestId('message-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('message-mark-unread').count()).toBe(0);
    await settled(page);
    await screenshot(page, `messages-drawer-${language}-1366`);
    await page.context().close();
  });
});

describe('the menu', () => {
  it('lists Images with the site’s content, at its old URL', async () => {
    const page = await signedIn('en', LAPTOP, '/users/image');
    expect(new URL(page.url()).pathname).toBe('/users/image');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    // The group it is listed in is open and Images is its current entry; User management stays shut.
    expect(await menu.getByRole('button', { name: 'Interface management' }).getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('button', { name: /^User management/ }).getAttribute('aria-expanded')).toBe('false');
    const images = menu.getByRole('link', { name: 'Images', exact: true });
    expect(await images.getAttribute('data-active')).not.toBeNull();
    const links = await menu.getByRole('link').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    expect(links.slice(links.indexOf('Videos'), links.indexOf('Videos') + 2)).toEqual(['Videos', 'Images']);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.poll(() => crumbs.textContent()).toContain('Interface management');
    await page.context().close();
  });

  it.each<[Language, number]>([
    ['es', 390],
    ['es', 1366],
    ['ja', 390],
    ['ja', 1366],
  ])('in %s at %i px shows the Images entry open in its group', async (language, width) => {
    const page = await signedIn(language, width === 390 ? PHONE : LAPTOP, '/users/image');
    if (width === 390) await page.getByTestId('hamburger').click();
    // The current entry is drawn active inside an open group (the group's button just above it).
    const active = page.locator('nav a[data-active]');
    await active.waitFor();
    expect(await active.getAttribute('href')).toBe('/users/image');
    await settled(page);
    await screenshot(page, `menu-images-${language}-${width}`);
    await page.context().close();
  });
});

describe('the Bibliography list', () => {
  it('shows a dash in a cell with nothing to show, as the other lists do', async () => {
    const page = await signedIn('es', { width: 1920, height: 1080 }, '/web/bibliography');
    await page.getByRole('columnheader', { name: 'ISBN' }).waitFor();
    const blank = await rows(page).evaluateAll((trs) =>
      trs.flatMap((tr, r) =>
        [...tr.querySelectorAll('td')]
          .map((td, c) => ({ td, c }))
          .filter(({ td }) => !td.querySelector('input, button, a, img') && (td.textContent ?? '').trim() === '')
          .map(({ c }) => `row ${r} cell ${c}`),
      ),
    );
    expect(blank).toEqual([]);
    await page.context().close();
  });
});
