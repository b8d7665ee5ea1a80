import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, baseURL, screenshot, signIn } from './browser';
import { form, rows, toasts } from './lists';
import { controlled, offline } from './pwa-helpers';
import { e2eSession } from './session';

/*
 * The daily-use faults of the Bugs list, each in real Chromium against the built console and the
 * real server: home cards, offline noise, uploads (stale Videos list, server outage, toast titles).
 */

const session = e2eSession();
let work: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'lectern-daily-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A context with the console's language (cookie) and colour scheme chosen before the first load. */
async function contextFor(lang = 'en', scheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await session.browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
  });
  await context.addCookies([{ name: 'language', value: lang, url: baseURL() }]);
  if (scheme === 'dark') {
    await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  }
  return context;
}

async function signedInPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  // The tabs speak the chosen language: the administrator tab is the second one, with its own form.
  await page.getByRole('tab').nth(1).click();
  const form = page.locator('form[data-kind="admin"]');
  await form.locator('input').first().fill(admin.userName);
  await form.locator('input[type=password]').fill(admin.password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === path);
  return page;
}

/** WCAG contrast of two rgb()/rgba() colours (the second opaque). */
function contrast(a: string, b: string): number {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, bl]: number[]) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r ?? 0) + 0.7152 * f(g ?? 0) + 0.0722 * f(bl ?? 0);
  };
  const [l1, l2] = [lum(parse(a)), lum(parse(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

describe('home', () => {
  it('labels every card in each language (no raw keys such as URL) and links each to its list', async () => {
    for (const lang of ['en', 'zh', 'es', 'ja']) {
      const context = await contextFor(lang);
      const page = await signedInPage(context, '/index');
      const cards = page.locator('[data-testid^="stat-"][data-testid$="-value"]');
      await expect.poll(() => cards.count()).toBeGreaterThan(10);
      const labels = await page
        .locator('a[data-testid^="stat-"], div[data-testid^="stat-"]')
        .evaluateAll((els) =>
          els
            .filter((e) => /^stat-[a-z]+$/.test(e.getAttribute('data-testid') ?? ''))
            .map((e) => [e.getAttribute('data-testid')?.slice(5), e.querySelector('p')?.textContent ?? '']),
        );
      for (const [key, label] of labels) {
        // Raw keys are lower case nouns ('about'); a label, even "News", is not (text-transform aside).
        expect(label, `${lang} ${key}`).not.toBe(key);
        expect(label, `${lang} ${key}`).not.toMatch(/^url$/i);
      }
      await context.close();
    }

    const context = await contextFor('en');
    const page = await signedInPage(context, '/index');
    const links = page.locator('a[data-testid^="stat-"]');
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(14);
    // A keyboard user reaches the Books card with Tab and opens it with Enter.
    const books = page.getByTestId('stat-book');
    expect(await books.evaluate((e) => e.tagName)).toBe('A');
    expect(await books.getAttribute('href')).toBe('/web/book');
    await books.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('stat-book');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/web/book');
    await page.goto('/index');
    // About us' card counts its site links and opens About us.
    await page.getByTestId('stat-about').click();
    await page.waitForURL((u) => u.pathname === '/web/aboutus');
    await context.close();
  });

  it('draws every icon tile visibly in dark mode (tile ≥ 3:1 on the card, glyph ≥ 3:1 on the tile)', async () => {
    const context = await contextFor('en', 'dark');
    const page = await signedInPage(context, '/index');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await page.getByTestId('stat-book-value').waitFor();
    await screenshot(page, 'home-dark');
    const tiles = await page.locator('[data-testid^="stat-"] .mantine-ThemeIcon-root').evaluateAll((els) =>
      els.map((e) => {
        let card: Element | null = e.parentElement;
        while (card && !/^stat-[a-z]+$/.test(card.getAttribute('data-testid') ?? '')) card = card.parentElement;
        return {
          id: card?.getAttribute('data-testid'),
          tile: getComputedStyle(e).backgroundColor,
          glyph: getComputedStyle(e).color,
          card: card ? getComputedStyle(card).backgroundColor : '',
        };
      }),
    );
    expect(tiles.length).toBeGreaterThanOrEqual(14);
    for (const t of tiles) {
      expect(t.tile, `${t.id}: an opaque tile`).not.toMatch(/rgba\(.*, 0(\.\d+)?\)$/);
      expect(contrast(t.tile, t.card), `${t.id} tile ${t.tile} on card ${t.card}`).toBeGreaterThanOrEqual(3);
      expect(contrast(t.glyph, t.tile), `${t.id} glyph ${t.glyph} on tile ${t.tile}`).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });
});

describe('offline', () => {
  it('an offline edit: one calm message (no red toasts, nothing in the error log), the subclass shown', async () => {
    const token = session.token;
    const shelf = (await api<{ id: number }>('/category', { body: { name: 'Daily shelf', sort: 9 }, token })).id;
    const sub = (
      await api<{ id: number }>('/category/subclass', {
        body: { categoryId: shelf, name: 'Daily corner', sort: 0 },
        token,
      })
    ).id;
    await api('/book', {
      body: {
        title: 'Daily Offline Atlas',
        author: 'A. Walker',
        categoryId: shelf,
        subclassId: sub,
        stock: 3,
        status: 'on_shelf',
      },
      token,
    });
    const context = await contextFor('en');
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/index');
    await controlled(page);
    // Online once: the list (and its filter bar's pickers) are cached by the service worker.
    await page.goto('/web/book?keyword=Daily%20Offline');
    await rows(page).filter({ hasText: 'Daily Offline Atlas' }).waitFor();
    await page.waitForLoadState('networkidle');

    await offline(context, true);
    await page.reload();
    await rows(page).filter({ hasText: 'Daily Offline Atlas' }).waitFor();
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).not.toContain('0 minutes');
    await page.getByRole('button', { name: 'Edit Daily Offline Atlas' }).click();
    // The subclass options come from the cache: the book's subclass is shown, not an empty field.
    await expect.poll(() => form(page).getByLabel('Subclass').inputValue()).toBe('Daily corner');
    await form(page).getByLabel('Stock').fill('8');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-pending').waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'daily-offline-save');
    const texts = await toasts(page).allTextContents();
    expect(texts.filter((t) => /offline/i.test(t))).toEqual([]);
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
    await context.close();
  });
});

describe('uploads', () => {
  const MiB = 1024 * 1024;
  function makeFile(name: string, mib: number): string {
    const path = join(work, name);
    writeFileSync(path, randomBytes(Math.max(0, mib * MiB)));
    return path;
  }
  const item = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
  const stateOf = (page: Page, name: string) => item(page, name).getAttribute('data-state');
  const progressOf = async (page: Page, name: string) =>
    Number(await item(page, name).getByRole('progressbar').getAttribute('aria-valuenow'));

  it('a finished upload is in the Videos list at once (no waiting out the list’s fresh time)', {
    timeout: 120_000,
  }, async () => {
    const name = `daily-fresh-${createHash('md5').update(String(Math.random())).digest('hex').slice(0, 6)}.mp4`;
    const path = makeFile(name, 2);
    const page = await session.signedIn('/web/video');
    await page.getByTestId('video-upload-link').waitFor();
    // The list is loaded (and fresh for 10 s); the upload panel is reached within the console.
    await page.getByTestId('video-upload-link').click();
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await page.setInputFiles('input[type=file]', [path]);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => stateOf(page, name), { timeout: 60_000 }).toBe('Success');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Videos' }).click();
    await page.waitForURL((u) => u.pathname === '/web/video');
    await rows(page)
      .filter({ hasText: name.replace(/\.mp4$/, '') })
      .first()
      .waitFor({ timeout: 2_500 });
    await page.context().close();
  });

  it('waits out a server that stops answering ("reconnecting") and resumes when it is back', {
    timeout: 180_000,
  }, async () => {
    const name = 'daily-outage.mp4';
    const path = makeFile(name, 40);
    const page = await session.signedIn('/web/video-upload');
    const context = page.context();
    await context.route(/[?&]partNumber=/, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue().catch(() => undefined);
    });
    await page.setInputFiles('input[type=file]', [path]);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(page, name), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

    // The server goes away: every request to it is refused, as by a stopped process.
    const down = (route: import('playwright-core').Route) => route.abort('connectionrefused');
    await context.route('**/*', down);
    await expect.poll(() => item(page, name).getAttribute('data-waiting'), { timeout: 30_000 }).toBe('server');
    await page.getByTestId('upload-waiting').filter({ hasText: 'reconnecting' }).waitFor();
    // Longer than the 2 + 4 + 8 s of retries after which it used to fail.
    await page.waitForTimeout(20_000);
    expect(await stateOf(page, name)).toBe('Uploading');
    expect(
      await toasts(page)
        .filter({ hasText: /authorization|Failed to fetch/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'daily-upload-reconnecting');

    await context.unroute('**/*', down);
    await expect.poll(() => stateOf(page, name), { timeout: 120_000 }).toBe('Success');
    await context.close();
  });

  it('titles upload toasts in the user’s language, never with the SDK code', async () => {
    const context = await contextFor('zh');
    const page = await signedInPage(context, '/web/video-upload');
    const empty = join(work, 'daily-empty.mp4');
    writeFileSync(empty, '');
    await page.setInputFiles('input[type=file]', [empty]);
    const title = page.locator('.mantine-Notification-title').first();
    await title.waitFor();
    expect(await title.textContent()).not.toContain('EmptyFile');
    expect(await title.textContent()).toMatch(/[\u4e00-\u9fff]/);
    await context.close();
  });
});
