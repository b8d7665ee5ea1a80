import { gzipSync } from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL } from './browser';
import { clsOf } from './cls';
import { form, rows } from './lists';
import { e2eSession } from './session';

/*
 * What a cold load downloads and starts (a phone on a poor network pays for every byte): each test
 * opens a fresh context, signed in by its cookie, with the service worker blocked (its precache
 * would fetch everything), and reads the JavaScript the page received. The code is recognised by
 * strings that minification keeps: pinyin-pro's dictionary, Fuse's and zod's error texts.
 */
const MARKERS = {
  pinyin: 'zhōng',
  fuse: 'Pattern length exceeds max',
  zod: 'ZodError',
  recharts: 'recharts',
  uploadEngine: 'x-oss-',
  // A Floating UI middleware option: its positioning engine (menus, tooltips, pickers).
  floatingUi: 'fallbackPlacements',
};

const session = e2eSession();

beforeAll(async () => {
  const token = session.token;
  const shelf = await api<{ id: number }>('/category', { body: { name: 'Loading shelf', sort: 9 }, token });
  // More books than a page: the placeholders stand for a full page of rows (a shorter list ends
  // above them, and the footer moves up once).
  for (let i = 1; i <= 12; i++) {
    await api('/book', {
      body: {
        title: `Cold Load Primer ${i}`,
        author: 'Lean Author',
        categoryId: shelf.id,
        stock: 2,
        status: 'on_shelf',
      },
      token,
    });
  }
});

interface Cold {
  context: BrowserContext;
  page: Page;
  /** The JavaScript bodies received so far. */
  scripts: () => Promise<string[]>;
  /** The workers started whose code was downloaded. */
  workers: string[];
}

/**
 * The live stream (docs/live.md) is one request that never ends, so a page holding it is never
 * "network idle"; it is not part of a cold load either (it starts once the page has settled). It
 * is answered here as a refused session, which stops the console from asking again.
 */
async function withoutLiveStream(context: BrowserContext): Promise<void> {
  await context.route('**/prod-api/events*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 50008, msg: 'no live stream in load measurements', data: null }),
    }),
  );
}

async function cold(viewport = { width: 1280, height: 800 }, locale = 'en-US'): Promise<Cold> {
  const context = await session.browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale,
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: 'Authorization', value: session.token, url: baseURL() }]);
  await withoutLiveStream(context);
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) bodies.push(r.text().catch(() => ''));
  });
  // Workers whose code the page downloads; the boot script's formatter warm-up (a few inline lines
  // from a blob: URL, public/console-boot.js) downloads nothing and is not one of them.
  const workers: string[] = [];
  page.on('worker', (w) => {
    if (!w.url().startsWith('blob:')) workers.push(w.url());
  });
  return { context, page, scripts: () => Promise.all(bodies), workers };
}

const containing = (scripts: string[], marker: string) => scripts.filter((s) => s.includes(marker)).length;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/** The floating parts' chunks (src/components/floating), counted and held until `release()`. */
async function heldFloatingParts(context: BrowserContext, page: Page) {
  let asked = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chunk = /\/assets\/floating-parts-[\w-]+\.js$/;
  page.on('request', (r) => {
    if (chunk.test(new URL(r.url()).pathname)) asked++;
  });
  await context.route(chunk, async (route) => {
    await released;
    await route.continue();
  });
  return { asked: () => asked, release: () => release() };
}

describe('cold loads', () => {
  it('Home starts no worker and downloads no search, pinyin, chart library, upload or form code', async () => {
    const { context, page, scripts, workers } = await cold();
    await page.goto('/index');
    await page.getByTestId('stat-book-value').waitFor();
    await page.getByTestId('chart-activity').getByRole('img').waitFor();
    await settle(page);
    const received = await scripts();
    expect(received.length).toBeGreaterThan(0);
    for (const marker of Object.values(MARKERS)) expect(containing(received, marker), marker).toBe(0);
    expect(workers).toEqual([]);

    // The search's code arrives when it is first opened (in English, without pinyin).
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('textbox').waitFor();
    await settle(page);
    expect(containing(await scripts(), MARKERS.fuse)).toBe(1);
    expect(containing(await scripts(), MARKERS.pinyin)).toBe(0);
    await context.close();
  });

  it('pinyin-pro loads for a Chinese search with pinyin on, at the first search', async () => {
    const { context, page, scripts } = await cold();
    await page.goto('/index');
    await page.getByRole('banner').getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.title()).toBe('首页 - Lectern');
    await settle(page);
    expect(containing(await scripts(), MARKERS.pinyin)).toBe(0);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('textbox').waitFor();
    await page.keyboard.type('shuji');
    await page.locator('[data-action][data-selected]').filter({ hasText: '书籍' }).waitFor();
    expect(containing(await scripts(), MARKERS.pinyin)).toBe(1);
    await context.close();
  });

  it('a list downloads the form code (and zod) only when a form opens', async () => {
    const { context, page, scripts, workers } = await cold();
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await settle(page);
    expect(containing(await scripts(), MARKERS.zod)).toBe(0);
    expect(workers).toEqual([]);
    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').waitFor();
    expect(containing(await scripts(), MARKERS.zod)).toBe(1);
    await context.close();
  });

  // Each file is a round trip of its own on a phone's connection (HTTP/1.1 sends six at a time):
  // left to the bundler, Home asked for 32 scripts and stylesheets and Books for 35, a dozen of
  // them a few hundred bytes of Mantine or of our own components.
  it('Home and a list each come in two dozen code files at most: what screens share travels together', async () => {
    const screens: [string, (page: Page) => Locator][] = [
      ['/index', (page) => page.getByTestId('stat-book-value')],
      ['/web/book', (page) => rows(page).first()],
    ];
    for (const [path, ready] of screens) {
      const { context, page } = await cold();
      const files = new Set<string>();
      page.on('request', (r) => {
        const name = new URL(r.url()).pathname;
        if (/\.(js|css)$/.test(name)) files.add(name);
      });
      await page.goto(path);
      await ready(page).waitFor();
      await settle(page);
      expect(files.size, `${path}: ${[...files].join(' ')}`).toBeLessThanOrEqual(24);
      await context.close();
    }
  });

  it('menus, tooltips and pickers load at the first interaction: a key pressed on a picker before they arrive opens it, focus kept', async () => {
    const { context, page, scripts } = await cold();
    const parts = await heldFloatingParts(context, page);
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await settle(page);
    // A glance at the list needs none of them, nor Floating UI (the table's scroll area included).
    expect(parts.asked()).toBe(0);
    expect(containing(await scripts(), MARKERS.floatingUi)).toBe(0);

    // A keyboard user on the rows-per-page picker (drawn, not yet loaded) asks for its options.
    const pageSize = page.getByTestId('page-size');
    await pageSize.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(parts.asked).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await page.getByRole('listbox').count()).toBe(0);
    parts.release();
    await page.getByRole('listbox').waitFor();
    expect(containing(await scripts(), MARKERS.floatingUi)).toBe(1);
    expect(await pageSize.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('option', { name: '20 / page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('pageSize')).toBe('20');

    // Now here: a tooltip shows on hover as before.
    await page.getByRole('banner').getByRole('button', { name: 'Language', exact: true }).hover();
    await page.getByRole('tooltip').getByText('Language').waitFor();
    await context.close();
  });

  it("a list's pickers keep no options in the page until used: a click opens one, a keyboard focus makes one real with the focus kept", async () => {
    const { context, page, scripts } = await cold();
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    // The pointer moving brings the floating parts; the pickers stay as they were drawn.
    await page.mouse.move(400, 300);
    await expect.poll(async () => containing(await scripts(), MARKERS.floatingUi)).toBe(1);
    await settle(page);
    // Mantine's Select keeps its closed options in a hidden dropdown: the pickers made real.
    const mounted = () => page.locator('.mantine-Popover-dropdown').count();
    expect(await mounted()).toBe(0);

    // A click on one: its options open, and only its own are in the page.
    await page.getByTestId('page-size').click();
    await page.getByRole('option', { name: '20 / page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('pageSize')).toBe('20');
    expect(await page.getByTestId('page-size').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await mounted()).toBe(1);

    // Focused from the keyboard: the real picker has the focus, and the keys work on it at once.
    const status = page.getByTestId('filter-status');
    await status.focus();
    await expect.poll(mounted).toBe(2);
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('on_shelf');
    await context.close();
  });

  it("a menu link's click ends before the navigation's work, and the old screen stays gone while the new one's code loads", async () => {
    const { context, page } = await cold();
    // Home's code, held back: the screen opened is one whose code is still on its way.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await context.route(/\/assets\/_index_-[\w-]+\.js$/, async (route) => {
      held++;
      await released;
      await route.continue();
    });
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await page.waitForTimeout(500);
    const seen = await page.evaluate(async () => {
      const state = () => ({
        path: location.pathname,
        // A list visited stays in the page, hidden (cached views): shown or not is what changes.
        list: document.querySelector('[data-testid="resource-row"]')?.checkVisibility() ?? false,
      });
      document.querySelector<HTMLAnchorElement>('nav[aria-label="Menu"] a[href="/index"]')?.click();
      // Everything the click's own task runs: its handlers, then the microtasks they queued.
      for (let i = 0; i < 50; i++) await Promise.resolve();
      const inTheClick = state();
      // Every frame until the new address has held for a few frames; a loaded machine may take
      // many frames to get there, so the count is not fixed (10 s at most).
      const frames = [];
      for (let after = 0, i = 0; after < 5 && i < 600; i++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        frames.push(state());
        if (location.pathname === '/index') after++;
      }
      return { inTheClick, frames };
    });
    expect(seen.inTheClick).toEqual({ path: '/web/book', list: true });
    expect(seen.frames.at(-1)?.path).toBe('/index');
    // Frames before the navigation's own task has run (a loaded machine may paint one in between)
    // still show the list, as nothing has changed yet; from the address change on, it is gone.
    expect(seen.frames.filter((f) => f.path === '/index' && f.list)).toEqual([]);
    // Home's code was asked for and is held meanwhile (a renamed chunk would make the check above
    // empty). Polled: the request reaches the test's handler some frames after the page asks.
    await expect.poll(() => held).toBeGreaterThan(0);
    release();
    await page.getByTestId('chart-videos').waitFor();
    expect(await rows(page).first().isVisible()).toBe(false);
    await context.close();
  });

  it('a menu clicked before its code has arrived opens when it arrives', async () => {
    const { context, page } = await cold();
    const parts = await heldFloatingParts(context, page);
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await page.goto('/index');
    await page.getByTestId('stat-book-value').waitFor();
    await settle(page);
    expect(parts.asked()).toBe(0);
    // The pointer moving to the button starts the download; the click lands on the placeholder.
    await page.getByTestId('avatar-menu').click();
    await expect.poll(parts.asked).toBeGreaterThan(0);
    expect(await page.getByTestId('avatar-menu').getAttribute('aria-expanded')).toBe('false');
    parts.release();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    expect(await page.getByTestId('avatar-menu').getAttribute('aria-expanded')).toBe('true');
    // The parts come in their own chunk, not with the lists' machinery.
    expect(chunks.filter((p) => /\/lists-[\w-]{8}\.js$/.test(p))).toEqual([]);
    await context.close();
  });

  it("a press on a row's button that the menus' code arrives during still clicks it", async () => {
    const { context, page } = await cold();
    const parts = await heldFloatingParts(context, page);
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await settle(page);
    const edit = rows(page)
      .first()
      .getByRole('button', { name: /^Edit / });
    const box = await edit.boundingBox();
    if (!box) throw new Error('no Edit button on the first row');
    // The pointer reaching the button starts the download, held; the press begins before it comes.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(parts.asked).toBeGreaterThan(0);
    await edit.evaluate((el) => {
      el.dataset.pressed = 'before the parts';
    });
    await page.mouse.down();
    parts.release();
    // The parts are here (their chunk has run) while the button is still held down.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /floating-parts-[\w-]+\.js$/.test(e.name)),
    );
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    // The pressed element is still the one the press began on: the release lands where it began.
    expect(await edit.getAttribute('data-pressed')).toBe('before the parts');
    await page.mouse.up();
    await form(page).waitFor();
    // Once the click is through, the placeholders become the real things (the tooltip works).
    await expect.poll(() => edit.getAttribute('data-pressed')).toBeNull();
    await context.close();
  });

  it("a list's cold load brings its own part of the catalogue; a form and another screen wait for the whole, every text translated", async () => {
    const { context, page } = await cold(undefined, 'es-ES');
    const catalogues: string[] = [];
    page.on('request', (r) => {
      const name = new URL(r.url()).pathname.split('/').pop() ?? '';
      if (/^(catalogue|messages)-/.test(name)) catalogues.push(name.replace(/-[\w-]{8}\.js$/, ''));
    });
    // Lingui warns of a message it does not have (shown as its id until the whole catalogue comes).
    const missing: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Uncompiled message')) missing.push(m.text());
    });
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await page.getByTestId('create-record').getByText('Nuevo libro').waitFor();
    await settle(page);
    expect(catalogues).toEqual(['catalogue-es-web-book']);
    expect(await page.getByTestId('list-keyword').getAttribute('placeholder')).toBe('Buscar');

    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Título').waitFor();
    expect(catalogues).toEqual(['catalogue-es-web-book', 'messages']);
    await page.keyboard.press('Escape');
    await form(page).waitFor({ state: 'hidden' });

    const menu = page.getByRole('navigation').filter({ has: page.locator('a[href="/web/category"]') });
    await menu.locator('a[href="/web/category"]').click();
    await page.getByTestId('create-record').getByText('Nueva categoría').waitFor();
    expect(missing).toEqual([]);
    await context.close();
  });

  it('the upload panel, whose navbar indicator shows at once, starts with the whole catalogue', async () => {
    const { context, page } = await cold();
    const catalogues: string[] = [];
    page.on('request', (r) => {
      const name = new URL(r.url()).pathname.split('/').pop() ?? '';
      if (/^(catalogue|messages)-/.test(name)) catalogues.push(name.split('-')[0] as string);
    });
    await page.goto('/web/video-upload');
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    await settle(page);
    expect(catalogues).toEqual(['messages']);
    await context.close();
  });

  it("draws the frame and starts the session check, the screen's code, a list's first page and its saved views beside the entry, each asked once, the code behind the frame's stylesheet", async () => {
    const { context, page } = await cold();
    // Chromium's priority for each request as it is sent (what it schedules the bandwidth by).
    const priority = new Map<string, string>();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (e) => {
      const path = new URL(e.request.url).pathname;
      if (!priority.has(path)) priority.set(path, e.request.initialPriority);
    });
    // The entry's script is held until the session check, the screen's chunk and the list's first
    // page have been asked for: only the boot script (public/console-boot.js) and the document's own
    // preloads can ask while it is held.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const early = (path: RegExp) => asked.some((p) => path.test(p));
    let askedWhileHeld = false;
    let shellWhileHeld = false;
    await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const until = Date.now() + 10_000;
      // The app's, the route tree's and React DOM's chunks (which the console imports dynamically
      // as it starts) are preloaded by the document itself.
      const all = () =>
        early(/\/auth\/info$/) &&
        early(/\/assets\/book-[\w-]+\.js$/) &&
        early(/\/prod-api\/book\/page$/) &&
        early(/\/prod-api\/views$/) &&
        early(/\/assets\/console-[\w-]+\.js$/) &&
        early(/\/assets\/routes-[\w-]+\.js$/) &&
        early(/\/assets\/react-dom-client-[\w-]+\.js$/);
      while (!all() && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
      }
      askedWhileHeld = all();
      // The frame is drawn before any of the console's code has run.
      shellWhileHeld = await page.getByTestId('frame-shell').isVisible();
      await route.continue();
    });
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await settle(page);
    expect(askedWhileHeld).toBe(true);
    expect(shellWhileHeld).toBe(true);
    // …and gone once the console's own frame is there.
    expect(await page.getByTestId('frame-shell').count()).toBe(0);
    // Asked once: the console took the boot script's answers.
    expect(asked.filter((p) => p.endsWith('/auth/info'))).toHaveLength(1);
    expect(asked.filter((p) => p.endsWith('/book/page'))).toHaveLength(1);
    expect(asked.filter((p) => p.endsWith('/prod-api/views'))).toHaveLength(1);
    // The first paint needs the stylesheet, not the console's code: the entry's scripts and the
    // screen's preloaded chunk go at low priority, the stylesheet and the data at their usual.
    const of = (path: RegExp) => [...priority].filter(([p]) => path.test(p)).map(([, v]) => v);
    const entry = of(
      /\/assets\/(index|shared|rolldown-runtime|console|app|client|react-dom-client|routes|routeTree\.gen)-[\w-]+\.js$/,
    );
    expect(entry).toHaveLength(9);
    expect(new Set(entry)).toEqual(new Set(['Low']));
    expect(of(/\/assets\/book-[\w-]+\.js$/)).toEqual(['Low']);
    expect(of(/\/assets\/index-[\w-]+\.css$/)).toEqual(['VeryHigh']);
    expect(of(/\/prod-api\/(auth\/info|book\/page)$/)).toEqual(['High', 'High']);
    await context.close();
  });

  it("reads the browser's cookies once, not for every request, and again after they change elsewhere", async () => {
    const { context, page } = await cold();
    // Each read of document.cookie is a synchronous round trip to the browser: counted here.
    await context.addInitScript(() => {
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') as PropertyDescriptor;
      const counted = window as unknown as { cookieReads: number };
      counted.cookieReads = 0;
      Object.defineProperty(Document.prototype, 'cookie', {
        ...cookie,
        get() {
          counted.cookieReads++;
          return cookie.get?.call(this);
        },
      });
    });
    await page.goto('/web/book');
    await rows(page).first().waitFor();
    await settle(page);
    // The boot script's read and the console's first: each request's credential comes from memory.
    expect(await page.evaluate(() => (window as unknown as { cookieReads: number }).cookieReads)).toBeLessThanOrEqual(
      2,
    );
    // Signed out elsewhere (another tab, the browser's own settings): the next request goes without
    // the old credential.
    type Changes = { cookieStore: EventTarget; cookieChanged: Promise<void> };
    await page.evaluate(() => {
      const w = window as unknown as Changes;
      // Listeners run in the order they were added: when this one has run, the console's has.
      w.cookieChanged = new Promise((resolve) => w.cookieStore.addEventListener('change', () => resolve()));
    });
    await context.clearCookies({ name: 'Authorization' });
    await page.evaluate(() => (window as unknown as Changes).cookieChanged);
    const next = page.waitForRequest((r) => r.url().endsWith('/prod-api/book/page'));
    await page.getByRole('button', { name: 'Next page' }).click();
    expect((await next).headers()['x-token']).toBeUndefined();
    await context.close();
  });

  it('the sign-in page is a small document of its own: ≤ 100 KiB gzip JS+CSS, ≤ 15 requests, no React', async () => {
    const context = await session.browser.newContext({ baseURL: baseURL(), locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const requests: string[] = [];
    const bodies: Promise<{ url: string; bytes: number; text: string }>[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(path))
        bodies.push(r.body().then((b) => ({ url: path, bytes: gzipSync(b, { level: 9 }).length, text: b.toString() })));
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await settle(page);
    const files = await Promise.all(bodies);
    const kib = files.reduce((n, f) => n + f.bytes, 0) / 1024;
    expect(kib).toBeLessThanOrEqual(100);
    expect(requests.length).toBeLessThanOrEqual(15);
    // React DOM announces itself in its error messages' URL; the console's entry is not here.
    expect(files.filter((f) => f.text.includes('react.dev/errors')).map((f) => f.url)).toEqual([]);
    await context.close();
  });

  it("the sign-in page leaves the console's code alone until the user types, then fetches it", async () => {
    const context = await session.browser.newContext({ baseURL: baseURL(), locale: 'en-US', serviceWorkers: 'block' });
    await withoutLiveStream(context);
    const page = await context.newPage();
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) bodies.push(r.text().catch(() => ''));
    });
    // Strings of the console layout (its tabs bar) and of Home (its chart) that minification keeps.
    const consoleCode = async () => {
      const scripts = await Promise.all(bodies);
      return [containing(scripts, 'tags-view'), containing(scripts, 'chart-activity')];
    };
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await settle(page);
    expect(await consoleCode()).toEqual([0, 0]);
    await page.getByRole('form', { name: 'Staff sign-in' }).getByLabel('Phone number').pressSequentially('1');
    await expect.poll(async () => (await consoleCode()).every((n) => n > 0)).toBe(true);
    await context.close();
  });

  it('the sign-in page prefetches only files the build wrote, the console entry among them', async () => {
    const context = await session.browser.newContext({ baseURL: baseURL(), locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/login');
    await page.getByRole('form', { name: 'Staff sign-in' }).getByLabel('Phone number').pressSequentially('1');
    const prefetched = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => l.href));
    await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(5);
    const hrefs = await prefetched();
    // Each answered as a file of the build (the server answers a missing asset with 404).
    const statuses = await Promise.all(
      hrefs.map(async (href) => `${(await context.request.get(href)).status()} ${new URL(href).pathname}`),
    );
    expect(statuses.filter((s) => !s.startsWith('200 '))).toEqual([]);
    // The console's entry, as index.html loads it, is among them.
    const index = await (await context.request.get('/index.html')).text();
    const entry = [...index.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(entry.length).toBeGreaterThan(0);
    const paths = hrefs.map((h) => new URL(h).pathname);
    expect(entry.filter((src) => !paths.includes(src ?? ''))).toEqual([]);
    await settle(page);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the upload worker with the console only when IndexedDB holds an interrupted upload', async () => {
    const { context, page, workers } = await cold();
    await page.goto('/index');
    await page.getByTestId('stat-book-value').waitFor();
    await settle(page);
    expect(workers).toEqual([]);
    // A checkpoint as the upload engine stores it when a reload cuts an upload short.
    await page.evaluate(
      () =>
        new Promise<void>((done, fail) => {
          const open = indexedDB.open('lectern-upload');
          open.onupgradeneeded = () => open.result.createObjectStore('checkpoints');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('checkpoints', 'readwrite');
            tx.objectStore('checkpoints').put(
              {
                fileName: 'cut-short.mp4',
                lastModified: 1,
                size: 3_145_728,
                object: 'sv/cut-short.mp4',
                videoId: null,
                bucket: 'lectern-media',
                endpoint: location.origin,
                checkpoint: null,
                loaded: 1_048_576,
                state: 'Uploading',
                fileHash: 'h',
                updatedAt: Date.now(),
              },
              'upload_1_cut-short.mp4_3145728',
            );
            tx.oncomplete = () => {
              open.result.close();
              done();
            };
            tx.onerror = () => fail(tx.error);
          };
        }),
    );
    await page.reload();
    const indicator = page.getByTestId('upload-indicator');
    await indicator.waitFor();
    expect(await indicator.getAttribute('data-interrupted')).toBe('1');
    expect(workers.some((w) => new URL(w).pathname.startsWith('/assets/'))).toBe(true);
    await context.close();
  });
});

describe('layout shift', () => {
  async function cls(page: Page): Promise<number> {
    return clsOf(await page.evaluate(() => (window as unknown as { __shifts: { t: number; v: number }[] }).__shifts));
  }

  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    it(`Home and Books keep their layout while their data arrives (${device}, CLS ≤ 0.02)`, async () => {
      const { context, page } = await cold(viewport);
      // Source text: a function would carry the test runner's helpers into the page.
      await context.addInitScript({
        content: `window.__shifts = [];
          new PerformanceObserver((l) => {
            for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ t: e.startTime, v: e.value });
          }).observe({ type: 'layout-shift', buffered: true });`,
      });
      await page.goto('/index');
      await page.getByTestId('chart-activity').getByRole('img').waitFor();
      await settle(page);
      expect(await cls(page)).toBeLessThanOrEqual(0.02);
      await page.goto('/web/book');
      await rows(page).first().waitFor();
      await settle(page);
      expect(await cls(page)).toBeLessThanOrEqual(0.02);
      await context.close();
    });
  }
});
