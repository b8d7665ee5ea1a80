import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { ffmpegPath } from '../fixtures/video-clip';
import { signInAnyLanguage } from './a11y-helpers';
import { report, seriousViolations } from './axe';
import { adminToken, api, baseURL, screenshot } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { form } from './lists';

/*
 * Scanning a book's barcode (docs/scanning.md) with a real camera pipeline: Chromium's fake camera
 * plays a video of a real EAN-13 drawn by ZXing's writer, and the console reads it with the
 * barcode-detector polyfill over ZXing's WebAssembly, served from the build (no CDN). The browser
 * is this file's own: the fake camera is a launch flag.
 */

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'lectern-scan-'));

function checkDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}
/** An ISBN no other file's book has: the e2e server is shared by the whole run. */
const twelve = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const ISBN = `${twelve}${checkDigit(twelve)}`;
/** A shop product's EAN-13 (a valid code, not a book's). */
const PRODUCT = '4006381333931';

/** A .y4m of the barcode of `code` on a white 640×480 frame, for --use-file-for-fake-video-capture. */
async function barcodeVideo(code: string): Promise<string> {
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
  });
  const written = await writeBarcode(code, { format: 'EAN13', scale: 4, addHRT: true });
  if (!written.image) throw new Error(`writeBarcode: ${written.error}`);
  const png = join(dir, `${code}.png`);
  writeFileSync(png, Buffer.from(await written.image.arrayBuffer()));
  const y4m = join(dir, `${code}.y4m`);
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', png],
    ...['-vf', 'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p', '-r', '10', '-frames:v', '5', y4m],
  ]);
  return y4m;
}

/**
 * `prompt: 'accept'`: every camera prompt is answered yes (the fake UI); otherwise only what the
 * context granted is allowed and a prompt is refused, as when the user blocks the camera.
 */
function launchWithCamera(video: string, prompt: 'accept' | 'grants only'): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      ...(prompt === 'accept' ? ['--use-fake-ui-for-media-stream'] : []),
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

let browser: Browser;
let token = '';
let categoryId = 0;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const [video] = await Promise.all([barcodeVideo(ISBN), adminToken().then((t) => (token = t))]);
  browser = await launchWithCamera(video, 'accept');
  categoryId = (await api<{ id: number }>('/category', { body: { name: `Scan ${ISBN}`, sort: 9 }, token })).id;
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
}

/**
 * A signed-in page on `path` with the camera allowed (or `camera: 'denied'`), in `language`.
 * Streams the page opens are kept in `window.__streams` (a spy, the camera itself is real), so a
 * test can see them stopped.
 */
async function open(
  on: Browser,
  path: string,
  o: { language?: string; viewport?: { width: number; height: number }; camera?: 'denied' } = {},
): Promise<Opened> {
  const phone = (o.viewport?.width ?? 1366) < 768;
  const context = await on.newContext({
    baseURL: baseURL(),
    viewport: o.viewport ?? { width: 1366, height: 800 },
    locale: 'en-US',
    hasTouch: phone,
    isMobile: phone,
  });
  contexts.push(context);
  await context.addCookies([{ name: 'language', value: o.language ?? 'en', url: baseURL() }]);
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const get = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (c) => {
      const s = await get(c);
      streams.push(s);
      return s;
    };
  });
  const page = await context.newPage();
  if (o.camera === 'denied') {
    // What "Block" in the site's settings leaves: the browser refuses without asking.
    const own = await context.newCDPSession(page);
    const { targetInfo } = await own.send('Target.getTargetInfo');
    const cdp = await on.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'camera' },
      setting: 'denied',
      origin: baseURL(),
      browserContextId: targetInfo.browserContextId,
    });
  } else {
    await context.grantPermissions(['camera'], { origin: baseURL() });
  }
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await signInAnyLanguage(page, path);
  return { page, requests };
}

/** The camera's tracks the page opened: [started, still live]. */
const tracks = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks());
    return [all.length, all.filter((t) => t.readyState === 'live').length];
  });

const scanButton = (page: Page) => page.getByTestId('scan-open');

describe('scan a barcode', () => {
  it('an ISBN the catalogue lacks opens New book with it filled in; the reader loads only on Scan, from our origin', async () => {
    const { page, requests } = await open(browser, '/web/book');
    await scanButton(page).waitFor();
    // Nothing of the reader came with the list.
    expect(requests.filter((u) => /zxing|\.wasm|scanner-modal/.test(u))).toEqual([]);
    await scanButton(page).click();
    await expect.poll(() => form(page).getByLabel('ISBN').inputValue(), { timeout: 20_000 }).toBe(ISBN);
    await form(page).getByLabel('Title').waitFor();
    // The polyfill (Chromium on Linux has no native EAN-13 reader) and its .wasm from the build.
    const wasm = requests.filter((u) => u.endsWith('.wasm'));
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(new RegExp(`^${baseURL()}/assets/zxing_reader-[\\w-]+\\.wasm$`));
    expect(requests.some((u) => /\/assets\/zxing-detector-/.test(u))).toBe(true);
    expect(requests.filter((u) => !/^(data|blob):/.test(u) && !u.startsWith(baseURL()))).toEqual([]);
    // The camera is off once the code is read.
    expect(await tracks(page)).toEqual([1, 0]);
  });

  it('an ISBN in the catalogue opens its record page', async () => {
    const book = await api<{ id: number }>('/book', {
      body: { title: `Scanned ${ISBN}`, author: 'Ean Thirteen', isbn: ISBN, categoryId, stock: 2, status: 'on_shelf' },
      token,
    });
    const { page } = await open(browser, '/web/book');
    // The service worker serves the page (its first install takes it over at once).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await scanButton(page).click();
    await page.waitForURL((u) => u.pathname === `/web/book/${book.id}`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(`Scanned ${ISBN}`);
    expect(await tracks(page)).toEqual([1, 0]);
    // The install did not fetch the reader's 1 MiB .wasm for everyone; the first scan kept it.
    const worker = await (await fetch(`${baseURL()}/sw.js`)).text();
    expect(worker).not.toMatch(/zxing_reader-[\w-]+\.wasm/);
    const kept = () =>
      page.evaluate(async () =>
        (await (await caches.open('lectern-scanner')).keys()).map((r) => new URL(r.url).pathname),
      );
    await expect.poll(kept).toEqual([expect.stringMatching(/^\/assets\/zxing_reader-[\w-]+\.wasm$/)]);
  });

  it('a USB scanner: an ISBN and Enter in the search box does what a scan does; other text stays a search', async () => {
    const { page } = await open(browser, '/web/book');
    const box = page.getByTestId('list-keyword');
    // A wrong check digit is text like any other.
    const wrong = `${twelve}${(checkDigit(twelve) + 1) % 10}`;
    await box.fill(wrong);
    await box.press('Enter');
    // Digits in the URL are kept as a quoted string by the router: only their presence is asked.
    await page.waitForURL((u) => u.pathname === '/web/book' && (u.searchParams.get('keyword') ?? '').includes(wrong));
    await box.fill('');
    // A scanner types fast and ends with Enter.
    await box.pressSequentially(ISBN, { delay: 5 });
    await box.press('Enter');
    await page.waitForURL((u) => /^\/web\/book\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(`Scanned ${ISBN}`);
  });

  it("on Applications a scan lists the book's open loan and Return ends it", async () => {
    const [book] = (
      await api<{ items: { id: number; isbn: string }[] }>('/book/page', {
        body: { pageNum: 1, pageSize: 10, keyword: ISBN },
        token,
      })
    ).items.filter((b) => b.isbn === ISBN);
    const reader = await api<{ id: number }>('/users', {
      body: { nickName: `Reader ${ISBN}`, phone: `13${ISBN.slice(-9)}`, status: 'active' },
      token,
    });
    const applied = await api<{ id: number; version: number }>('/apply', {
      body: { userId: reader.id, bookId: book?.id },
      token,
    });
    await api('/apply', {
      method: 'PUT',
      body: { id: applied.id, version: applied.version, status: 'approved' },
      token,
    });

    const { page } = await open(browser, '/users/apply');
    await scanButton(page).click();
    const loans = page.getByTestId('scan-loans');
    await loans.getByTestId('scan-loan').first().waitFor({ timeout: 20_000 });
    expect(await loans.getByTestId('scan-loan').count()).toBe(1);
    expect(await loans.getByTestId('scan-loan').textContent()).toContain(`Reader ${ISBN}`);
    await loans.getByRole('button', { name: `Mark returned: Reader ${ISBN}` }).click();
    await page.getByTestId('transition-confirm').click();
    await expect
      .poll(async () => {
        const all = await api<{ items: { id: number; status: string }[] }>('/apply/page', {
          body: { pageNum: 1, pageSize: 10, bookId: book?.id },
          token,
        }).catch(() => ({ items: [] }));
        return all.items.find((a) => a.id === applied.id)?.status;
      })
      .toBe('returned');

    // The USB scanner on Applications: the book now has no copy out.
    const box = page.getByTestId('list-keyword');
    await box.pressSequentially(ISBN, { delay: 5 });
    await box.press('Enter');
    await page.getByTestId('scan-no-loans').waitFor();
    expect(await box.inputValue()).toBe('');
  });
});

describe('the scanner on screen', () => {
  let productBrowser: Browser;
  beforeAll(async () => {
    productBrowser = await launchWithCamera(await barcodeVideo(PRODUCT), 'grants only');
  });
  afterAll(() => productBrowser?.close());

  it('a blocked camera says so in the user’s language', async () => {
    const { page } = await open(productBrowser, '/web/book', { language: 'es', camera: 'denied' });
    await scanButton(page).click();
    const error = page.getByTestId('scan-error');
    await error.waitFor();
    expect(await error.getAttribute('data-error')).toBe('denied');
    expect(await error.textContent()).toBe(
      'La cámara está bloqueada para este sitio. Permítela en la configuración del sitio del navegador y vuelve a intentarlo.',
    );
    await screenshot(page, 'scan-denied-es-1366');
  });

  it.each([
    ['es', 390],
    ['es', 1366],
    ['ja', 390],
    ['ja', 1366],
  ])('holds in %s at %i px, live video and frame, and tells a product code from an ISBN', async (language, width) => {
    const viewport = { width, height: width < 768 ? 844 : 800 };
    // Scan on Books, where it shares the toolbar (a phone's row below the search), is on screen whole.
    const { page } = await open(productBrowser, '/web/book', { language, viewport });
    const box = await scanButton(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await screenshot(page, `scan-books-${language}-${width}`);
    await page.goto('/users/apply');
    await scanButton(page).click();
    const dialog = page.getByTestId('scan-dialog');
    await page.getByTestId('scan-not-isbn').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('scan-not-isbn').textContent()).toContain(PRODUCT);
    // The video plays the camera's picture, and nothing in the dialog is wider than the screen.
    expect(await page.getByTestId('scan-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    const overflow = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect();
      return [...d.querySelectorAll('*')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.right > Math.min(box.right, window.innerWidth) + 1 || e.scrollWidth > e.clientWidth + 1;
      }).length;
    });
    expect(overflow).toBe(0);
    expect(await tracks(page)).toEqual([1, 1]);
    const findings = await seriousViolations(page, `scan dialog ${language} ${width}`);
    expect(findings, report(findings)).toEqual([]);
    await screenshot(page, `scan-modal-${language}-${width}`);
    // Escape closes it and turns the camera off.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tracks(page)).toEqual([1, 0]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-open');
  });
});
