import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_SCREENS,
  go,
  type Language,
  settled,
  signInAnyLanguage,
  startDemoServer,
  variantContext,
} from './a11y-helpers';
import { admin, launch } from './browser';
import { type Defect, type DefectKind, describeDefects, layoutDefects } from './layout-checks';
import { apiCall } from './server-process';

/*
 * The layout audit: every screen at a phone's, a tablet's, a laptop's (sidebar open) and a wide
 * desktop's width, in the four languages and the dark scheme, with no page scrolling sideways, no
 * action out of reach, nothing drawn over a control or a text, no text cut without a way to read
 * it and no target too small for a finger (layout-checks.ts says how each is measured). One demo
 * server and one browser; each variant signs in once and reaches every screen inside the app,
 * then measures it at each of its widths (the window resized, as a tablet turned or a window
 * dragged), so a screen costs one render per variant, not one page load per width.
 */

let browser: Browser;
let server: { url: string; stop: () => Promise<void> };
let bookId = 0;
let readerId = 0;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startDemoServer()]);
  const { token } = await apiCall<{ token: string }>(server.url, '/auth/login', admin);
  // The record with the most to show (the longest values: a cover's address, a long title), as
  // the hardest case for a phone's width.
  const first = (path: string) =>
    apiCall<{ items: { id: number }[] }>(server.url, path, { pageNum: 1, pageSize: 50 }, token).then(
      (p) => [...p.items].sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0]?.id ?? 0,
    );
  [bookId, readerId] = await Promise.all([first('/book/page'), first('/users/page')]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = 390;
const HEIGHTS: Record<number, number> = { 390: 844, 768: 1024, 1366: 768, 1920: 1080 };

/** What the audit visits: the menu's screens, two record pages and an open form. */
type Screen = { name: string; path: string; open?: (page: Page) => Promise<void> };
const screens = (): Screen[] => [
  ...CONSOLE_SCREENS.map((path) => ({ name: path, path })),
  { name: '/web/book/$id (record page)', path: `/web/book/${bookId}` },
  { name: '/users/user/$id (record page)', path: `/users/user/${readerId}` },
  {
    name: '/web/book (new book form open)',
    path: '/web/book',
    open: async (page) => {
      await page.getByTestId('create-record').first().click();
      await page.getByTestId('resource-form').waitFor();
    },
  },
];

/**
 * TEMPORARY expected failures, in list screens another engineer is rebuilding right now (tables,
 * cards, filters, toolbars): a defect of a kind listed for its screen does not fail the test, but
 * each one is still printed in full with every run. Remove an entry once its screen passes (a run
 * that does not see it prints "no longer seen"). Key: the screen's name
 * as below → the defect kinds tolerated there. Nothing else may go in here.
 */
const EXPECTED_FAILURES: Record<string, DefectKind[]> = {};

interface Variant {
  name: string;
  language: Language;
  dark: boolean;
  widths: number[];
}

const VARIANTS: Variant[] = [
  { name: 'en', language: 'en', dark: false, widths: [1920, 1366, 768, PHONE] },
  { name: 'en-dark', language: 'en', dark: true, widths: [1366, PHONE] },
  { name: 'zh', language: 'zh', dark: false, widths: [1366, PHONE] },
  { name: 'es', language: 'es', dark: false, widths: [1366, PHONE] },
  { name: 'ja', language: 'ja', dark: false, widths: [1366, PHONE] },
];

async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
  // The device switch (at 992 px) and the sidebar's transition happen after the resize event.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await settled(page);
}

/** The screen at one width: its defects, and whether the sidebar is open where it should be. */
async function audit(page: Page, width: number): Promise<Defect[]> {
  const defects = await layoutDefects(page, { phone: width === PHONE });
  if (width >= 1366) {
    const sidebar = await page.locator('[data-sidebar]').first().getAttribute('data-sidebar');
    if (sidebar !== 'open')
      defects.push({
        kind: 'action-offscreen',
        detail: `the sidebar is ${sidebar} at ${width} px: the menu is hidden`,
      });
  }
  return defects;
}

describe('layout audit', () => {
  const only = process.env.AUDIT_VARIANTS?.split(',');
  for (const variant of VARIANTS.filter((v) => !only || only.includes(v.name))) {
    it(`${variant.name}: no layout defect on any screen at ${variant.widths.join(', ')} px`, async () => {
      const first = variant.widths[0] as number;
      const context: BrowserContext = await variantContext(
        browser,
        server.url,
        { language: variant.language, dark: variant.dark },
        { width: first, height: HEIGHTS[first] ?? 900 },
      );
      const page = await context.newPage();
      const found: string[] = [];
      const tolerated: string[] = [];
      const started = Date.now();
      let turn = 0;
      try {
        await page.goto('/login');
        await settled(page);
        for (const width of variant.widths) {
          await resize(page, width);
          found.push(
            ...describeDefects(
              `${variant.name} ${width}px /login`,
              await layoutDefects(page, { phone: width === PHONE }),
            ),
          );
        }
        await signInAnyLanguage(page);
        await settled(page);
        for (const screen of screens()) {
          await go(page, screen.path);
          await screen.open?.(page);
          // There and back (wide to narrow, then narrow to wide on the next screen): half the
          // screens open on a phone, half on a desktop, and no resize is spent between them.
          turn++;
          for (const width of turn % 2 ? variant.widths : [...variant.widths].reverse()) {
            await resize(page, width);
            const defects = await audit(page, width);
            const expected = EXPECTED_FAILURES[screen.name] ?? [];
            const where = `${variant.name} ${width}px ${screen.name}`;
            found.push(
              ...describeDefects(
                where,
                defects.filter((d) => !expected.includes(d.kind)),
              ),
            );
            tolerated.push(
              ...describeDefects(
                where,
                defects.filter((d) => expected.includes(d.kind)),
              ),
            );
          }
          if (screen.open) {
            await page.keyboard.press('Escape');
            await page.getByTestId('resource-form').waitFor({ state: 'detached' });
          }
        }
        // The menu on a phone: a drawer, with the live counts of its group opened.
        if (variant.widths.includes(PHONE)) {
          await resize(page, PHONE);
          await go(page, '/users/apply');
          await page.getByTestId('hamburger').click();
          await page.locator('.mantine-Drawer-content nav').waitFor();
          await settled(page);
          found.push(...describeDefects(`${variant.name} ${PHONE}px menu drawer`, await audit(page, PHONE)));
          await page.keyboard.press('Escape');
          await page
            .locator('.mantine-Drawer-content')
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
        }
      } finally {
        await context.close();
      }
      console.log(
        `layout audit ${variant.name}: ${found.length} defects, ${Math.round((Date.now() - started) / 1000)} s`,
      );
      expect(found, found.join('\n')).toEqual([]);
      for (const [screen, kinds] of Object.entries(EXPECTED_FAILURES)) {
        const seen = kinds.filter((k) => tolerated.some((t) => t.includes(` ${screen}: ${k}:`)));
        if (seen.length < kinds.length)
          console.log(
            `EXPECTED_FAILURES ${screen}: ${kinds.filter((k) => !seen.includes(k)).join(', ')} no longer seen`,
          );
      }
    }, 300_000);
  }
});

describe('the frame on a phone and on a laptop', () => {
  it('shows whole live counts (99+), Home compact on a phone, no Fullscreen there, the size by name', async () => {
    const context = await variantContext(
      browser,
      server.url,
      { language: 'en', dark: false },
      { width: 1366, height: 768 },
    );
    const page = await context.newPage();
    await signInAnyLanguage(page, '/users/apply');
    await settled(page);
    // The menu's counts arrive with the live stream; the group's badge sums both.
    const badge = page.getByTestId('live-badge-/users');
    await badge.waitFor();
    const { token } = await apiCall<{ token: string }>(server.url, '/auth/login', admin);
    const total = async (path: string, body: Record<string, unknown>) =>
      (await apiCall<{ total: number }>(server.url, path, { pageNum: 1, pageSize: 1, ...body }, token)).total;
    const waiting =
      (await total('/apply/page', { status: 'pending' })) + (await total('/online/page', { status: 'unread' }));
    await expect.poll(() => badge.textContent()).toBe(waiting > 99 ? '99+' : String(waiting));
    for (const b of await page.locator('[data-testid^="live-badge-"]').all()) {
      const whole = await b.evaluate(
        (el) =>
          el.scrollWidth <= el.clientWidth + 1 &&
          el.getBoundingClientRect().width >= el.getBoundingClientRect().height - 1,
      );
      expect(whole, `${await b.getAttribute('data-testid')} "${await b.textContent()}" is drawn whole`).toBe(true);
    }
    // The size selector names the current size, and which one is the default.
    await page.getByTestId('size-menu').click();
    const current = page.locator('[role=menuitem][aria-current=true]');
    await expect.poll(() => current.textContent()).toBe('Medium (default)');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Fullscreen' }).count()).toBe(1);

    // A book's record page, opened before any screen loaded the subclasses, names its subclass.
    const books = await apiCall<{ items: { id: number; subclassName: string | null }[] }>(
      server.url,
      '/book/page',
      { pageNum: 1, pageSize: 50 },
      token,
    );
    const book = books.items.find((b) => b.subclassName);
    expect(book, 'a demo book with a subclass').toBeDefined();
    await go(page, `/web/book/${book?.id}`);
    await page.getByTestId('record-view').waitFor();
    await expect.poll(() => page.getByTestId('record-view').textContent()).toContain(book?.subclassName ?? '?');
    expect(await page.getByTestId('record-view').textContent()).not.toMatch(/#\d+/);

    await page.setViewportSize({ width: PHONE, height: 844 });
    await go(page, '/index');
    await page.getByTestId('stat-book-value').waitFor();
    expect(await page.getByRole('button', { name: 'Fullscreen' }).count(), 'no Fullscreen on a phone').toBe(0);
    // All fourteen counts in under half a phone's screen, the server's strip right below.
    const grid = await page.getByTestId('stat-grid').boundingBox();
    expect(grid?.height ?? 0).toBeLessThan(844 / 2);
    const strip = await page.getByTestId('system-info').boundingBox();
    expect(strip?.y ?? 1e9).toBeLessThan(844);
    await context.close();
  });
});

/**
 * The audit of the audit: a small page with one known defect of each kind is flagged for it, and
 * the same page with the defect mended is not (so the audit's silence on the console means
 * something).
 */
describe('the layout checks', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: PHONE, height: 844 } });
  });
  afterAll(() => page?.close());

  const kinds = async (html: string, phone = true) => {
    await page.setContent(`<!doctype html><html><body style="margin:0;font:14px sans-serif">${html}</body></html>`);
    return (await layoutDefects(page, { phone })).map((d) => d.kind);
  };

  it('passes a page with nothing wrong', async () => {
    const clean = `
      <p>Applied 2024-01-01 12:00</p>
      <button data-testid="create-record" style="width:120px;height:36px">New book</button>
      <table><tr data-testid="resource-row"><td>A title</td><td><button data-testid="row-edit" style="width:32px;height:32px">E</button></td></tr></table>
      <span style="display:inline-block;width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis" title="A very long title">A very long title</span>
      <span class="mantine-Badge-root" style="display:inline-block;padding:0 6px">99+</span>
      <p>Read the <a href="#">manual</a> first.</p>`;
    expect(await kinds(clean)).toEqual([]);
  });

  it('flags a page that scrolls sideways', async () => {
    expect(await kinds('<div style="width:600px;height:20px">wide</div>')).toContain('sideways-scroll');
    expect(await kinds('<div style="overflow:auto"><div style="width:600px;height:20px">wide</div></div>')).toEqual([]);
  });

  it('flags a primary action or a row action out of reach', async () => {
    const row = (pad: number) =>
      `<div style="overflow:auto;width:300px"><div style="width:600px"><button data-testid="row-edit" style="margin-left:${pad}px;width:40px;height:30px">Edit</button></div></div>`;
    expect(await kinds(row(400))).toContain('action-offscreen');
    expect(await kinds(row(100))).toEqual([]);
    const primary = (top: number) =>
      `<div style="height:${top}px"></div><button data-testid="create-record" style="width:120px;height:36px">New</button>`;
    expect(await kinds(primary(900))).toContain('action-offscreen');
    expect(await kinds(primary(100))).toEqual([]);
    // A dialog's Save below its first screen (a long form), and the same Save pinned to its bottom.
    const form = (footer: string) =>
      `<div role="dialog" aria-modal="true" style="position:fixed;inset:0;overflow:auto"><div style="height:1200px">Fields</div><div style="${footer}"><button data-primary-action style="width:80px;height:36px">Save</button></div></div>`;
    expect(await kinds(form(''))).toContain('action-offscreen');
    expect(await kinds(form('position:sticky;bottom:0;background:white'))).toEqual([]);
  });

  it('flags a row that must stay one row when it wraps', async () => {
    const bar = (width: number) =>
      `<div data-one-row style="display:flex;flex-wrap:wrap;gap:8px;width:${width}px"><input aria-label="Search" style="width:150px;height:30px"><button style="width:80px;height:36px">Filters</button><button style="width:36px;height:36px" aria-label="More actions">⋮</button></div>`;
    expect(await kinds(bar(200))).toContain('wrapped-row');
    expect(await kinds(bar(300))).toEqual([]);
  });

  it('flags controls drawn over each other, and a control over a text', async () => {
    const two = (left: number) =>
      `<div style="position:relative;height:40px"><button style="position:absolute;left:0;width:80px;height:30px">Approve</button><button style="position:absolute;left:${left}px;width:80px;height:30px">Reject</button></div>`;
    expect(await kinds(two(40))).toContain('overlap');
    expect(await kinds(two(90))).toEqual([]);
    const over = (top: number) =>
      `<div style="position:relative;height:60px"><span style="position:absolute;top:0;left:0">7:00 12:55</span><button style="position:absolute;top:${top}px;left:10px;width:80px;height:30px">Approve</button></div>`;
    expect(await kinds(over(0))).toContain('covers-text');
    // A select box drawn on a card's link, clear of its text: both usable, not a defect.
    const card = `<div style="position:relative;width:200px"><a href="#" style="display:block;height:100px">Card</a><input type="checkbox" aria-label="Select" style="position:absolute;top:4px;left:150px;width:28px;height:28px;margin:0"></div>`;
    expect(await kinds(card)).toEqual([]);
    expect(await kinds(over(28))).toEqual([]);
    // A form's fields scrolling under its pinned Save: by design, once the bar says it is pinned.
    const pinned = (attr: string) =>
      `<div style="height:300px;overflow:auto"><textarea aria-label="Summary" style="display:block;width:200px;height:400px"></textarea><div ${attr} style="position:sticky;bottom:0;background:white"><button style="width:80px;height:36px">Save</button></div></div>`;
    expect(await kinds(pinned(''))).not.toEqual([]);
    expect(await kinds(pinned('data-pinned'))).toEqual([]);
  });

  it('flags a text cut off with no way to read it, and a cut badge', async () => {
    const cut = (attrs: string) =>
      `<span ${attrs} style="display:inline-block;width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Categoría / subclase</span>`;
    expect(await kinds(cut(''))).toContain('clipped-text');
    expect(await kinds(cut('title="Categoría / subclase"'))).toEqual([]);
    const clamp = `<div style="width:100px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden">A title far too long to fit on two short lines of this narrow box</div>`;
    expect(await kinds(clamp)).toContain('clipped-text');
    const badge = (width: number) =>
      `<div style="width:${width}px;overflow:hidden;white-space:nowrap"><span class="mantine-Badge-root" style="display:inline-block;padding:0 8px;border-radius:8px;background:red">99+</span></div>`;
    expect(await kinds(badge(20))).toContain('clipped-text');
    expect(await kinds(badge(80))).toEqual([]);
  });

  it('flags crowded targets under 24 px on a phone only', async () => {
    const pair = (gap: number) =>
      `<button style="width:16px;height:16px;padding:0">a</button><button style="width:16px;height:16px;padding:0;margin-left:${gap}px">b</button>`;
    expect(await kinds(pair(2))).toContain('small-target');
    expect(await kinds(pair(2), false)).toEqual([]);
    expect(await kinds(pair(30))).toEqual([]);
    // A small link of the content next to a floating button (the list's New): the content scrolls.
    const floating = `<p style="margin:0;padding-top:800px"><a href="#">https://library.example.org/a/long/link</a></p><button style="position:fixed;bottom:10px;left:100px;width:120px;height:40px">New</button>`;
    expect(await kinds(floating)).toEqual([]);
  });

  it('flags a floating primary action under 44 × 44 px on a phone only', async () => {
    const fab = (height: number) =>
      `<button data-testid="create-record" style="position:fixed;bottom:16px;right:16px;width:120px;height:${height}px">New book</button>`;
    expect(await kinds(fab(39))).toContain('small-target');
    expect(await kinds(fab(39), false)).toEqual([]);
    expect(await kinds(fab(48))).toEqual([]);
    // In a box of its own that floats (Mantine's Affix), as on the phone's lists.
    const affix = (height: number) =>
      `<div style="position:fixed;bottom:16px;right:16px"><button data-testid="create-record" style="width:120px;height:${height}px">New book</button></div>`;
    expect(await kinds(affix(39))).toContain('small-target');
    expect(await kinds(affix(48))).toEqual([]);
  });

  it('flags a text field too narrow to show its value', async () => {
    const field = (width: number, value: string) =>
      `<input aria-label="Address" value="${value}" style="box-sizing:border-box;width:${width}px;height:32px;padding:0 8px;font:14px sans-serif">`;
    expect(await kinds(field(58, 'https://library.example.org'))).toContain('narrow-input');
    expect(await kinds(field(58, 'tel:+861012345678'))).toContain('narrow-input');
    // A wide field may scroll a long value; a narrow one that holds its value is fine.
    expect(await kinds(field(300, 'https://library.example.org/a/very/long/path/to/a/page'))).toEqual([]);
    expect(await kinds(field(58, '12'))).toEqual([]);
  });

  it('flags a menu label cut beside its badge, even with a title', async () => {
    const entry = (width: number) =>
      `<nav data-menu><a href="#" style="display:flex;align-items:center;gap:6px;width:${width}px;height:36px"><span title="Mensajes en línea" style="flex:1 1 auto;min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Mensajes en línea</span><span class="mantine-Badge-root" style="flex:none;padding:0 6px">99+</span></a><a href="#" style="display:block;width:${width}px;height:36px;line-height:36px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis" title="Registro de auditoría">Registro de auditoría</a></nav>`;
    expect(await kinds(entry(110))).toEqual(['cut-label', 'cut-label']);
    expect(await kinds(entry(260))).toEqual([]);
    // Outside the menu, a tab cut to its width with its whole title is not a menu's label.
    const tab = `<nav><button title="A long record title" style="width:80px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">A long record title</button></nav>`;
    expect(await kinds(tab)).toEqual([]);
    // The same row outside a menu: a label beside a badge.
    const row = `<div style="display:flex;gap:6px;width:110px"><span title="Gestión de usuarios" style="min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Gestión de usuarios</span><span class="mantine-Badge-root" style="flex:none;padding:0 6px">99+</span></div>`;
    expect(await kinds(row)).toContain('cut-label');
  });

  it("flags a chart's labels that run together", async () => {
    const axis = (last: number) =>
      `<svg width="300" height="40"><text x="100" y="30" text-anchor="middle" font-size="11">11月25日</text><text x="${last}" y="30" text-anchor="end" font-size="11">11月28日</text><text x="30" y="12" text-anchor="end" font-size="11">10</text></svg>`;
    expect(await kinds(axis(150))).toContain('colliding-labels');
    expect(await kinds(axis(290))).toEqual([]);
  });

  it('flags a header running out of its cell into the next', async () => {
    const table = (width: number) =>
      `<table style="table-layout:fixed;width:340px;border-collapse:collapse"><thead><tr><th style="width:120px">Categoría</th><th style="width:${width}px;white-space:nowrap"><div style="display:flex;justify-content:flex-end"><span>Existencias</span></div></th><th>Estado</th></tr></thead></table>`;
    expect(await kinds(table(50))).toContain('spilled-text');
    expect(await kinds(table(130))).toEqual([]);
  });

  it('flags a table scrolled sideways in its box on a phone only', async () => {
    const card = (min: number) =>
      `<div style="overflow-x:auto;width:300px"><table style="min-width:${min}px"><tr><td>Chrome on Android</td><td>12:00</td></tr></table></div>`;
    expect(await kinds(card(640))).toContain('sideways-scroll');
    expect(await kinds(card(640), false)).toEqual([]);
    expect(await kinds(card(200))).toEqual([]);
  });
});
