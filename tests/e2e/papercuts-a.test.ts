import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Language, settled, signInAnyLanguage, variantContext } from './a11y-helpers';
import { api, baseURL, newContext, openUploadPanel, screenshot } from './browser';
import { rows } from './lists';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * What a new user found odd in the audit log (raw English event text on a phone's cards, no date,
 * the actor "system"), in the record tabs (named by number) and in Home's chart (dates running
 * into each other in Japanese, a blank chart after a language switch), seen in es and ja at a
 * phone's and a laptop's width.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const LANGUAGES: Language[] = ['en', 'zh', 'es', 'ja'];

interface AuditEntry {
  id: number;
  actorId: number | null;
  actorName: string;
  action: string;
  resource: string;
  recordId: number;
}
interface VideoRow {
  id: number;
  title: string;
  fileName: string;
}

const BOOK = 'Atlas of Papercuts';
const READER = 'Paula Papercut';
let video: VideoRow;
let bookId: number;
let readerId: number;

async function contextIn(language: Language, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return variantContext(session.browser, baseURL(), { language, dark: false }, viewport);
}

async function openIn(language: Language, viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await (await contextIn(language, viewport)).newPage();
  await signInAnyLanguage(page, new URL(path, 'http://console').pathname);
  if (path.includes('?')) await page.goto(path);
  await settled(page);
  return page;
}

/** What `probe` gives once it gives something (expect.poll is for tests, not their setup). */
async function until<T>(probe: () => Promise<T | undefined | false>, timeout = 60_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${probe.toString()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  const token = session.token;
  const category = await api<{ id: number }>('/category', { body: { name: 'E2E Papercuts', sort: 9 }, token });
  bookId = (
    await api<{ id: number }>('/book', {
      body: { title: BOOK, author: 'Ada Archive', categoryId: category.id, stock: 1, status: 'on_shelf' },
      token,
    })
  ).id;
  readerId = (
    await api<{ id: number }>('/users', { body: { nickName: READER, phone: '13700000099', status: 'active' }, token })
  ).id;

  // A video uploaded through the panel: its bytes are random, so the server's own processing ends
  // it TranscodeFail, an entry the log writes with no staff account behind it (the actor "system").
  const context = await newContext(session.browser);
  const panel = await openUploadPanel(context);
  await panel.setInputFiles('input[type=file]', {
    name: 'papercut-reel.mp4',
    mimeType: 'video/mp4',
    buffer: randomBytes(256 * 1024),
  });
  await panel.getByRole('button', { name: 'Start upload' }).click();
  video = await until(async () =>
    (await session.page<VideoRow>('/video', { keyword: 'papercut-reel' })).items.find(
      (v) => v.fileName === 'papercut-reel.mp4',
    ),
  );
  await until(async () =>
    (await session.page<AuditEntry>('/audit', { resource: 'video', recordId: video.id })).items.some(
      (a) => a.actorId === null,
    ),
  );
  await context.close();
});

describe('audit log in the user language', () => {
  const WORDS = {
    es: { system: 'Sistema', videos: 'Videos', changed: 'Modificado' },
    ja: { system: 'システム', videos: '動画', changed: '変更' },
  } as const;

  it.each(['es', 'ja'] as const)(
    '%s: a phone card is titled by the record, in words, with its date, time and a translated System; so is the table',
    async (language) => {
      const words = WORDS[language];
      const page = await openIn(language, PHONE, `/users/audit?resource=video`);
      const card = rows(page).filter({ hasText: words.system }).first();
      await card.waitFor();
      const title = (await card.getByTestId('card-title').textContent()) ?? '';
      // Not the server's event text ("update video #1 papercut-reel"), but the record's kind as
      // the menu says it, its number and its name; what was done is the card's badge.
      expect(title).not.toMatch(/\b(create|update|delete)\b/);
      expect(title).toContain(`${words.videos} #${video.id}`);
      expect(await card.textContent()).toContain(words.changed);
      // When: a localized date and time (the year, hours and minutes), not nothing.
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(String(new Date().getFullYear()));
      expect(text).toMatch(/\d{1,2}:\d{2}/);
      // The server's own work: "System" in the user's language, never the lowercase key.
      expect(text).not.toMatch(/\bsystem\b/);
      // No card anywhere on the page shows an event's raw text.
      for (const t of await page.getByTestId('card-title').allTextContents())
        expect(t).not.toMatch(/^(create|update|delete) /);
      // The changed fields' summary stays inside its card, however many fields it names (a
      // video's creation names seven: at 360 px wide it ran past a phone card's edge).
      for (const c of await rows(page).all()) {
        const details = c.getByTestId('audit-details');
        if ((await details.count()) === 0) continue;
        const [cardBox, box] = [await c.boundingBox(), await details.boundingBox()];
        if (cardBox && box) expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      await screenshot(page, `papercuts-audit-${language}-390`);

      // The laptop's table says the same in the same words.
      await page.setViewportSize(LAPTOP);
      await page.locator('table [data-testid=resource-row]').first().waitFor();
      await settled(page);
      const row = page.locator('table [data-testid=resource-row]').filter({ hasText: words.system }).first();
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain(words.videos);
      expect(rowText).toContain(words.changed);
      expect(rowText).toMatch(/\d{1,2}:\d{2}/);
      expect(rowText).not.toMatch(/\bsystem\b/);
      await screenshot(page, `papercuts-audit-${language}-1366`);
      await page.context().close();
    },
  );
});

describe('record tabs', () => {
  const tab = (page: Page, path: string) => page.locator(`[data-testid=tag][data-key="${path}"]`);

  it.each(['es', 'ja'] as const)(
    "%s: a record page's tab takes its record's title once it is loaded",
    async (language) => {
      const word = { es: 'Libro', ja: '書籍' }[language];
      const page = await openIn(language, LAPTOP, '/index');
      // The book's answer held back: until it arrives, the tab says which kind of record and its number.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route(new RegExp(`/prod-api/book/${bookId}$`), async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate((p) => {
        history.pushState({ key: 'tab' }, '', p);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      }, `/web/book/${bookId}`);
      await expect.poll(() => tab(page, `/web/book/${bookId}`).textContent()).toBe(`${word} #${bookId}`);
      release();
      await expect.poll(() => tab(page, `/web/book/${bookId}`).textContent()).toBe(BOOK);
      await page.unroute(new RegExp(`/prod-api/book/${bookId}$`));
      // Which record it is stays said, for two books of one title.
      expect(await tab(page, `/web/book/${bookId}`).getByRole('button').first().getAttribute('title')).toBe(
        `${BOOK} (${word} #${bookId})`,
      );

      // A reader's and a video's pages too; every tab keeps its name when another page is open.
      await page.goto(`/users/user/${readerId}`);
      await expect.poll(() => tab(page, `/users/user/${readerId}`).textContent()).toBe(READER);
      await page.goto(`/web/video/${video.id}`);
      await expect.poll(() => tab(page, `/web/video/${video.id}`).textContent()).toBe(video.title);
      expect(await tab(page, `/web/book/${bookId}`).textContent()).toBe(BOOK);
      expect(await tab(page, `/users/user/${readerId}`).textContent()).toBe(READER);
      await settled(page);
      await screenshot(page, `papercuts-tabs-${language}-1366`);
      await page.context().close();
    },
  );
});

/**
 * The x labels of Home's activity chart, as drawn: their text and box. The chart's texts that are
 * not bare numbers (the y axis's); by what they say, not by a test id, so that a chart drawn some
 * other way is measured the same.
 */
async function xLabels(page: Page) {
  const labels = await page.locator('[data-testid=chart-activity] svg[role=img] text').evaluateAll((texts) =>
    texts.map((t) => {
      const r = t.getBoundingClientRect();
      const svg = (t as SVGTextElement).ownerSVGElement?.getBoundingClientRect();
      return {
        text: t.textContent ?? '',
        left: r.left,
        right: r.right,
        svgLeft: svg?.left ?? 0,
        svgRight: svg?.right ?? 0,
      };
    }),
  );
  return labels.filter((l) => !/^\d+$/.test(l.text)).sort((a, b) => a.left - b.left);
}

describe("Home's activity chart", () => {
  it('names its days apart from each other in every language, on a phone and a laptop', async () => {
    for (const language of LANGUAGES) {
      const page = await openIn(language, PHONE, '/index');
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await expect.poll(async () => (await xLabels(page)).length).toBeGreaterThan(0);
        await settled(page);
        const labels = await xLabels(page);
        const where = `${language} at ${viewport.width} px: ${labels.map((l) => l.text).join(' | ')}`;
        // Enough days named to read the axis by, the last one (today) always.
        expect(labels.length, where).toBeGreaterThanOrEqual(viewport === PHONE ? 3 : 5);
        for (const [i, l] of labels.entries()) {
          const next = labels[i + 1];
          // Apart by more than a space's width: "11月25日11月28日" was two dates touching.
          if (next) expect(next.left - l.right, where).toBeGreaterThanOrEqual(6);
          expect(l.left, where).toBeGreaterThanOrEqual(l.svgLeft - 0.5);
          expect(l.right, where).toBeLessThanOrEqual(l.svgRight + 0.5);
        }
        if (language === 'ja') {
          await page.getByTestId('chart-activity').scrollIntoViewIfNeeded();
          await screenshot(page, `papercuts-home-chart-ja-${viewport.width}`);
        }
      }
      await page.context().close();
    }
  });

  it('keeps drawing through a language switch', async () => {
    const page = await openIn('en', LAPTOP, '/index');
    await expect.poll(async () => (await xLabels(page)).length).toBeGreaterThan(0);
    // Every frame from here on: is the chart's drawing there?
    await page.evaluate(() => {
      const w = window as unknown as { blankFrames: number; frames: number };
      w.blankFrames = 0;
      w.frames = 0;
      const look = () => {
        w.frames++;
        const svg = document.querySelector('[data-testid=chart-activity] svg[role=img]');
        if (!svg || svg.querySelectorAll('[data-series] path').length === 0) w.blankFrames++;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(async () => (await xLabels(page)).map((l) => l.text).join(' ')).toMatch(/\d+月\d+日/);
    await page.waitForTimeout(2000);
    const { blankFrames, frames } = await page.evaluate(() => {
      const w = window as unknown as { blankFrames: number; frames: number };
      return { blankFrames: w.blankFrames, frames: w.frames };
    });
    expect(frames).toBeGreaterThan(30);
    expect(blankFrames).toBe(0);
    await page.context().close();
  });
});
