import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, screenshot } from './browser';
import { writeRandomFile } from './random-file';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server-process';

/*
 * Sessions end (LECTERN_SESSION_MAX_HOURS, here 0.025 h: 90 s) without losing work
 * (src/features/session/): the console warns before the end, and after it a refused request opens
 * the real sign-in page in a dialog over the screen; the same member signing in there carries on
 * (the form's typed values are saved, an upload resumes), somebody else signing in is the first
 * member's sign-out. Own server: the short lifetime, and the stored objects compared with the sources.
 */
const LIFETIME_MS = 90_000;
const MiB = 1024 * 1024;

let browser: Browser;
let server: RunningServer;
let dataDir: string;
let work: string;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(path: string, method: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/prod-api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

const login = async (userName: string, password: string) =>
  (await call<{ token: string }>('/auth/login', 'POST', { userName, password })).token;

beforeAll(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'lectern-renewal-files-'));
  dataDir = mkdtempSync(join(tmpdir(), 'lectern-renewal-e2e-'));
  server = await startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
    LECTERN_SESSION_MAX_HOURS: String(LIFETIME_MS / 3_600_000),
    // The upload's temporary credential runs out every few seconds, so a new one is asked for
    // after the session has ended.
    LECTERN_VOD_CREDENTIAL_TTL_SECONDS: '3',
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function context(opts: { width?: number; locale?: string } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport: { width: opts.width ?? 1280, height: opts.width && opts.width < 500 ? 844 : 900 },
    locale: opts.locale === 'ja' ? 'ja-JP' : opts.locale === 'es' ? 'es-ES' : 'en-US',
  });
  if (opts.locale) await ctx.addCookies([{ name: 'language', value: opts.locale, url: server.url }]);
  return ctx;
}

/** The sign-in form on its Administrator tab, in the page or in the renewal dialog's frame. */
async function fillSignIn(where: Page | FrameLocator, userName: string, password: string): Promise<void> {
  await where.locator('#si-tab-admin').click();
  const form = where.locator('form[data-kind="admin"]');
  await form.locator('input[name="userName"]').fill(userName);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

async function signedIn(ctx: BrowserContext, path: string): Promise<{ page: Page; at: number }> {
  const page = await ctx.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  const at = Date.now();
  await fillSignIn(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === path);
  return { page, at };
}

const dialog = (page: Page) => page.locator('dialog.lectern-renewal');
const frame = (page: Page) => page.frameLocator('dialog.lectern-renewal iframe');
const notice = (page: Page) => page.locator('.mantine-Notification-root[role="status"]');

/** Waits until the session signed in at `at` is past its end (a little margin for the server). */
async function pastEnd(page: Page, at: number): Promise<void> {
  const wait = at + LIFETIME_MS + 3_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

// Concurrent: each waits out a whole lifetime, in its own browser context, with its own records
// (and its own `expect`, as vitest asks of concurrent tests).
describe.concurrent('the session’s end, warned and renewed in place', () => {
  it('warns before the end; after it, a form’s typed values survive the re-sign-in and are saved', {
    timeout: 240_000,
  }, async ({ expect }) => {
    const ctx = await context();
    const { page, at } = await signedIn(ctx, '/web/category');
    // The end is under five minutes away: the notice is up, with the time left, while the session
    // still works.
    await expect.poll(() => notice(page).textContent(), { timeout: 20_000 }).toMatch(/Your session ends soon/);
    await expect(notice(page).getByTestId('session-time-left').textContent()).resolves.toMatch(/within \d minutes?/);
    expect(Date.now()).toBeLessThan(at + LIFETIME_MS);

    const name = `Renewal shelf ${Date.now()}`;
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Sort').fill('7');
    await form.getByLabel('Description').fill('Typed before the session ended');
    await pastEnd(page, at);
    await expect.poll(() => notice(page).textContent(), { timeout: 15_000 }).toMatch(/Your session has ended/);

    // Save after the end: refused (50014), and the sign-in opens over the form instead of leaving it.
    await form.getByTestId('form-submit').click();
    await dialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/web/category');
    await expect(form.getByLabel('Description').inputValue()).resolves.toBe('Typed before the session ended');
    await fillSignIn(frame(page), 'admin', ADMIN_PASSWORD);
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
    // The refused save was sent again with the new session: the form closes, the record exists.
    await form.waitFor({ state: 'detached', timeout: 30_000 });
    const rows = await call<{ items: { name: string; description: string }[] }>(
      '/category/page',
      'POST',
      { pageNum: 1, pageSize: 10, keyword: name },
      await login('admin', ADMIN_PASSWORD),
    );
    expect(rows.items).toEqual([expect.objectContaining({ name, description: 'Typed before the session ended' })]);
    // Still on the same screen, without a reload. The notice now speaks of the new session (90 s
    // again here: under five minutes, so it is up at once).
    expect(new URL(page.url()).pathname).toBe('/web/category');
    await expect.poll(() => notice(page).textContent(), { timeout: 15_000 }).toMatch(/Your session ends soon/);
    await ctx.close();
  });

  it('pauses a running upload at the end and completes it after the re-sign-in, the stored MD5 right', {
    timeout: 300_000,
  }, async ({ expect }) => {
    const path = join(work, 'renewal-upload.mp4');
    const size = 80 * MiB;
    const md5 = writeRandomFile(path, 80);
    const ctx = await context();
    // Each part slowed (80 parts of 1 MiB, five at a time, a second each: 16 s at least; under the
    // credential's 3 s, so parts still get through), and started 80 s into the 90 s session, so
    // the upload runs past the session's end.
    let partDelay = 1_000;
    await ctx.route(/[?&]partNumber=/, async (route) => {
      await new Promise((r) => setTimeout(r, partDelay));
      await route.continue().catch(() => undefined);
    });
    const { page, at } = await signedIn(ctx, '/web/video-upload');
    if (process.env.RENEWAL_DEBUG) {
      page.on('console', (m) => console.log(Math.round((Date.now() - at) / 1000), m.text()));
      page.on('response', (r) => {
        if (r.url().includes('/prod-api/')) console.log(Math.round((Date.now() - at) / 1000), r.status(), r.url());
      });
    }
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    const item = page.getByRole('listitem', { name: 'renewal-upload.mp4', exact: true });
    await page.setInputFiles('input[type=file]', [path]);
    await page.waitForTimeout(at + 80_000 - Date.now());
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(async () => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('Uploading');
    // The end passes mid-file: the next credential is refused and the sign-in opens over the panel.
    await pastEnd(page, at);
    await dialog(page).waitFor({ timeout: 60_000 });
    expect(await item.getAttribute('data-state')).toBe('Uploading');
    const progressAtPause = Number(await item.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(progressAtPause).toBeLessThan(100);
    partDelay = 200;
    await fillSignIn(frame(page), 'admin', ADMIN_PASSWORD);
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => item.getAttribute('data-state'), { timeout: 180_000 }).toBe('Success');
    const stored = filesOf(dataDir)
      .filter((f) => statSync(f).size === size)
      .map((f) => createHash('md5').update(readFileSync(f)).digest('hex'));
    expect(stored).toContain(md5);
    await ctx.close();
  });

  it('somebody else signing in over the screen is the first member’s sign-out', { timeout: 240_000 }, async ({
    expect,
  }) => {
    const other = { userName: `renew_other_${Date.now() % 100000}`, password: 'other-renewal-pass-1' };
    await call(
      '/user',
      'POST',
      {
        ...other,
        phone: `139${String(Date.now()).slice(-8)}`,
        name: 'Other Member',
        roles: ['admin'],
        status: 'active',
      },
      await login('admin', ADMIN_PASSWORD),
    );
    const first = await login(other.userName, other.password);
    await call('/auth/password', 'PUT', { oldPassword: other.password, newPassword: `${other.password}-own` }, first);
    other.password = `${other.password}-own`;

    const ctx = await context();
    const { page, at } = await signedIn(ctx, '/web/category');
    // The first member's draft of a new category, kept on the device as they type.
    await page.getByTestId('create-record').click();
    await page.getByTestId('resource-form').getByLabel('Name').fill('Draft of the first member');
    await expect.poll(() => draftsNamed(page, 'Draft of the first member'), { timeout: 10_000 }).toBe(1);
    await pastEnd(page, at);
    await page.getByTestId('resource-form').getByTestId('form-submit').click();
    await dialog(page).waitFor();
    await fillSignIn(frame(page), other.userName, other.password);
    // The console starts again for the new member; the first one's draft is gone from the device.
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/index', { timeout: 30_000 });
    await page.getByTestId('avatar-menu').waitFor();
    await expect.poll(() => draftsNamed(page, 'Draft of the first member'), { timeout: 10_000 }).toBe(0);
    const who = await page.evaluate(async () => {
      const token = decodeURIComponent(/(?:^|; )Authorization=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch('/prod-api/auth/info', { headers: { 'X-Token': token } });
      return ((await res.json()) as { data: { userName: string } }).data.userName;
    });
    expect(who).toBe(other.userName);
    await ctx.close();
  });
});

/** Drafts in the device's store ('lectern-drafts') whose values name `name`. */
function draftsNamed(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('lectern-drafts');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(0);
          const all = db.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () =>
            resolve((all.result as { values?: { name?: string } }[]).filter((d) => d.values?.name === name).length);
          all.onerror = () => resolve(-1);
        };
        open.onerror = () => resolve(-1);
      }),
    name,
  );
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('the sign-in page in a frame', () => {
  it('is refused in a frame of another origin, by its own header', { timeout: 60_000 }, async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    // Another site (a name for the same loopback server would share its origin's port, not its
    // host): a page of ours, served for http://elsewhere.test, framing the real sign-in page.
    await page.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><iframe id="f" src="${server.url}/login?renew=1"></iframe>`,
      }),
    );
    await page.goto('http://elsewhere.test/');
    // Chromium shows its own error page in place of a document its header refuses.
    const child = () => page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => child()?.url(), { timeout: 20_000 }).toMatch(/^chrome-error:/);
    expect(await child()?.locator('form').count()).toBe(0);
    await ctx.close();
  });
});

describe('screens', () => {
  for (const locale of ['es', 'ja'] as const) {
    for (const width of [390, 1366]) {
      it(`the warning and the dialog at ${width} px in ${locale}`, { timeout: 120_000 }, async () => {
        const ctx = await context({ width, locale });
        const { page } = await signedIn(ctx, '/web/category');
        await notice(page).waitFor({ timeout: 20_000 });
        await page.waitForTimeout(500);
        await screenshot(page, `session-warning-${locale}-${width}`);
        await notice(page).getByRole('button').first().click();
        await dialog(page).waitFor();
        await frame(page).locator('form[data-kind="admin"], form').first().waitFor();
        await page.waitForTimeout(800);
        await screenshot(page, `session-dialog-${locale}-${width}`);
        // Closed before the end: the session goes on as it was.
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.cookie.includes('Authorization='))).toBe(true);
        await ctx.close();
      });
    }
  }
});
