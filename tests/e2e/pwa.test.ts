import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adminToken, api, createStaff, launch, newContext, screenshot, signIn } from './browser';
import { form } from './lists';
import { cachedListKeys, cacheNames, controlled, findBook, launchProfile, offline } from './pwa-helpers';

/*
 * New messages are checked by test id here (the production build shows catalogue text, and the
 * English catalogue is extracted later); tests/unit/pwa/offline-messages.test.tsx checks their wording.
 *
 * The PWA in Chromium against the built console and the real server: installable, the shell and
 * visited lists offline with their age, offline edits kept and sent, two users on one profile.
 */

let browser: Browser;
let token: string;
let shelf: number;

let operator = {
  userName: 'pwa_olga',
  phone: '13900000066',
  name: 'Olga Offline',
  roles: ['operator'],
  status: 'active',
  password: 'olga-offline-pass',
};

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  shelf = (await api<{ id: number }>('/category', { body: { name: 'PWA shelf', sort: 7 }, token })).id;
  for (const title of ['Offline Almanac', 'Offline Bestiary', 'Offline Chronicle']) {
    await api('/book', {
      body: { title, author: 'Cache Keeper', categoryId: shelf, stock: 4, status: 'on_shelf' },
      token,
    });
  }
  await api('/news', {
    body: { title: 'Offline news of the week', content: '<p>Open late</p>', status: 'published' },
    token,
  });
  operator = await createStaff(token, operator);
});
afterAll(() => browser?.close());

/** Signs in as admin through the form and waits for the console (session info loaded). */
async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/index');
  await page.getByTestId('avatar-menu').waitFor();
}

/**
 * A fresh profile, signed in as admin, with the service worker in control before any list loads
 * (a first visit installs it once signed in, when the browser is idle).
 */
async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInAdmin(page);
  await controlled(page);
  return { context, page };
}

const row = (page: Page, text: string) => page.getByTestId('resource-row').filter({ hasText: text });
const banner = (page: Page) => page.getByTestId('offline-banner');

describe('install', () => {
  it('has a manifest with generated icons and a service worker Chromium accepts as installable', async () => {
    // A real profile: Chromium never calls an incognito window installable.
    const profile = await mkdtemp(join(tmpdir(), 'lectern-pwa-profile-'));
    const context = await launchProfile(profile);
    const page = await context.newPage();
    await signInAdmin(page);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
    const manifest = (await (await page.request.get(url)).json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Lectern',
      short_name: 'Lectern',
      theme_color: '#1890ff',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(
      expect.arrayContaining(['192x192', '512x512', '512x512 maskable']),
    );
    // The icons are real PNGs of their stated size, generated from the one source image.
    for (const icon of manifest.icons) {
      const png = await (await page.request.get(new URL(icon.src, url).href)).body();
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    // The whole shell is precached.
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.includes('precache'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    expect(precached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(precached.some((p) => /^\/assets\/index-.*\.js$/.test(p))).toBe(true);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });
});

describe('first visit', () => {
  it('leaves the sign-in page alone: no worker and no precache until the user is signed in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(false);
    expect(await cacheNames(page)).toEqual([]);
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/index');
    await controlled(page);
    expect((await cacheNames(page)).some((n) => n.includes('precache'))).toBe(true);
    await context.close();
  });

  it('opens offline in the first session: the session check is asked again once the worker is in control', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The session check of this first visit goes to the network: no worker is installed yet.
    await signInAdmin(page);
    await controlled(page);
    await expect
      .poll(async () => (await cachedListKeys(page)).some((k) => k.includes('/prod-api/auth/info')))
      .toBe(true);
    // On to a list client-side, as a user does: its answer is cached by the worker.
    await page.evaluate(() => {
      history.pushState({}, '', '/web/book?keyword=Offline');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await row(page, 'Offline Almanac').waitFor();
    await offline(context, true);
    // With the worker in control the whole catalogue is cached: no screen's part is asked for.
    const parts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/catalogue-')) parts.push(r.url());
    });
    await page.reload();
    await row(page, 'Offline Almanac').waitFor();
    await banner(page).waitFor();
    await expect(page.getByText('The server cannot be reached').count()).resolves.toBe(0);
    expect(parts).toEqual([]);
    await context.close();
  });
});

describe('upload traffic', () => {
  it('bypasses the service worker: the video service, bucket parts and upload calls reach the network as without it', async () => {
    const { context, page } = await adminPage();
    // The signed-in console's own answers (the session check among them) are cached; the upload
    // traffic below must add nothing.
    await expect
      .poll(async () => (await cachedListKeys(page)).some((k) => k.includes('/prod-api/auth/info')))
      .toBe(true);
    const before = (await cachedListKeys(page)).sort();
    const seen: string[] = [];
    // Playwright's network interception only sees requests that do not go through a worker.
    await context.route(/\/(vod|lectern-media)\/|\/prod-api\/(video|file)\/upload\//, async (route) => {
      seen.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
      await route.fulfill({ status: 200, body: '{}' });
    });
    // From a worker, like the upload engine (workers of a controlled page go through its service worker).
    await page.evaluate(async () => {
      const code = `const o = self.origin;
      (async () => {
        await fetch(o + '/vod/?Action=CreateUploadVideo', { method: 'POST' });
        await fetch(o + '/lectern-media/video/probe.mp4?partNumber=1&uploadId=u1', { method: 'PUT', body: 'part' });
        await fetch(o + '/lectern-media/video/probe.mp4?uploads', { method: 'POST' });
        await fetch(o + '/prod-api/video/upload/credential');
        await fetch(o + '/prod-api/file/upload/img', { method: 'POST', body: new FormData() });
        postMessage('done');
      })().catch((e) => postMessage(String(e)));`;
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      const answer = await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
      });
      worker.terminate();
      if (answer !== 'done') throw new Error(String(answer));
    });
    expect(seen.sort()).toEqual([
      'GET /prod-api/video/upload/credential',
      'POST /lectern-media/video/probe.mp4',
      'POST /prod-api/file/upload/img',
      'POST /vod/',
      'PUT /lectern-media/video/probe.mp4',
    ]);
    expect((await cacheNames(page)).filter((n) => !n.includes('precache') && !n.startsWith('lectern-api-'))).toEqual(
      [],
    );
    expect((await cachedListKeys(page)).sort()).toEqual(before);
    await context.close();
  });
});

describe('offline', () => {
  it('opens the shell and visited lists offline with their age; an unvisited list says offline, not a crash', async () => {
    const { context, page } = await adminPage();
    await page.goto('/web/news');
    await row(page, 'Offline news of the week').waitFor();
    await page.goto('/web/book?keyword=Offline');
    await row(page, 'Offline Almanac').waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
    // Lists are stored under a hash of body and session, never under the token itself.
    const keys = await cachedListKeys(page);
    expect(keys.some((k) => k.includes('/prod-api/book/page?__body='))).toBe(true);
    const cookieToken = (await context.cookies()).find((c) => c.name === 'Authorization')?.value ?? '';
    expect(cookieToken).not.toBe('');
    expect([...keys, ...(await cacheNames(page))].some((k) => k.includes(cookieToken))).toBe(false);

    await offline(context, true);
    await page.reload();
    await row(page, 'Offline Almanac').waitFor();
    await banner(page).waitFor();
    // Actions that need the server are disabled; edit stays (it is kept for later).
    await expect(page.getByRole('button', { name: 'Delete Offline Almanac' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Edit Offline Almanac' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'pwa-offline-books');

    await page.goto('/web/news');
    await row(page, 'Offline news of the week').waitFor();
    await banner(page).waitFor();

    await page.goto('/web/bibliography');
    await page.getByTestId('offline-empty').waitFor();
    await expect(page.getByTestId('list-error').count()).resolves.toBe(0);
    await screenshot(page, 'pwa-offline-unvisited');
    await context.close();
  });

  it('shows the stored list, marked with its age, when the server is slower than the timeout', async () => {
    const { context, page } = await adminPage();
    await page.goto('/web/book?keyword=Offline');
    await row(page, 'Offline Almanac').waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
    // The service worker's own request to the server is held back past the 4 s timeout.
    let held = 0;
    let slow = true;
    const hold = async (route: Route) => {
      if (slow) {
        held++;
        await new Promise((r) => setTimeout(r, 7000));
      }
      await route.continue().catch(() => undefined);
    };
    await context.route('**/prod-api/book/page', hold);
    // The category picker's list too, which lacks a category added since it was stored. Without
    // the live stream (cut here, as a proxy might), nothing but asking again tells the page of it.
    await context.route('**/prod-api/category/list', hold);
    await context.route('**/prod-api/events*', (route) => route.abort());
    await api('/category', { body: { name: 'PWA late shelf', sort: 8 }, token });
    const started = Date.now();
    await page.reload();
    await row(page, 'Offline Almanac').waitFor();
    await banner(page).waitFor();
    expect(Date.now() - started).toBeLessThan(7000);
    expect(held).toBeGreaterThan(0);

    // The server is quick again: the list asks again by itself and the copy's banner goes, with
    // no reload and no click (before, the stale copy stayed until something else refetched).
    slow = false;
    await banner(page).waitFor({ state: 'detached', timeout: 15_000 });
    await row(page, 'Offline Almanac').waitFor();
    // So does the picker (the stored copy is marked the same way): the new category is offered.
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'PWA late shelf' }).waitFor({ timeout: 15_000 });
    await context.unroute('**/prod-api/book/page');
    await context.unroute('**/prod-api/category/list');
    await context.unroute('**/prod-api/events*');
    await context.close();
  });

  it('keeps an offline edit of a book (also across a reload) and sends it on reconnect', async () => {
    const { context, page } = await adminPage();
    await page.goto('/web/book?keyword=Offline');
    await row(page, 'Offline Bestiary').waitFor();
    await offline(context, true);

    await page.getByRole('button', { name: 'Edit Offline Bestiary' }).click();
    await form(page).getByLabel('Stock').fill('42');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-pending').waitFor();
    // The form stays open with the input.
    await expect(form(page).getByLabel('Stock').inputValue()).resolves.toBe('42');
    await screenshot(page, 'pwa-offline-edit');
    expect((await findBook(token, 'Offline Bestiary'))?.stock).toBe(4);

    // Still offline, a reload reopens the form with the draft and the pending write.
    await page.reload();
    await page.getByTestId('form-pending').waitFor();
    await expect(form(page).getByLabel('Stock').inputValue()).resolves.toBe('42');

    await offline(context, false);
    await form(page).waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Offline Bestiary/ })
      // Exact: the row's time ("8:42 PM") must not match too.
      .getByText('42', { exact: true })
      .waitFor();
    await expect.poll(async () => (await findBook(token, 'Offline Bestiary'))?.stock).toBe(42);
    await context.close();
  });

  it('sends writes made offline in order; one that meets a newer version shows the conflict view', async () => {
    const { context, page } = await adminPage();
    await page.goto('/web/book?keyword=Offline');
    await row(page, 'Offline Chronicle').waitFor();
    await offline(context, true);

    // A create, closed while waiting, and an edit kept open.
    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('Offline Diary');
    await form(page).getByLabel('Author').fill('Cache Keeper');
    await form(page).getByLabel('Category').click();
    await page.getByRole('option', { name: 'PWA shelf' }).click();
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-pending').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await form(page).waitFor({ state: 'detached' });
    await page.getByTestId('pending-writes').waitFor();

    await page.getByRole('button', { name: 'Edit Offline Chronicle' }).click();
    await form(page).getByLabel('Stock').fill('9');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-pending').waitFor();

    // Meanwhile someone else saves the same book.
    const before = (await findBook(token, 'Offline Chronicle'))!;
    await api('/book', {
      method: 'PUT',
      body: {
        id: before.id,
        version: before.version,
        title: 'Offline Chronicle',
        author: 'Cache Keeper',
        categoryId: shelf,
        stock: 1,
        status: 'on_shelf',
      },
      token,
    });

    await offline(context, false);
    await page.getByTestId('conflict-view').getByText('This record was changed by someone else').waitFor();
    await screenshot(page, 'pwa-reconnect-conflict');
    // The create went first and through; the conflicting edit overwrote nothing.
    await expect.poll(async () => (await findBook(token, 'Offline Diary'))?.title).toBe('Offline Diary');
    expect((await findBook(token, 'Offline Chronicle'))?.stock).toBe(1);
    await context.close();
  });
});

describe('two users on one profile', () => {
  it('never shows the first user’s cached lists to the second, and logout clears them', async () => {
    const { context, page } = await adminPage();
    await page.goto('/web/book?keyword=Almanac');
    await row(page, 'Offline Almanac').waitFor();
    expect((await cachedListKeys(page)).length).toBeGreaterThan(0);

    // Logout clears the session's cached lists.
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => cachedListKeys(page)).toEqual([]);

    // The admin again, leaving without logging out (a closed tab, an expired session)…
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.getByTestId('avatar-menu').waitFor();
    await page.goto('/web/book?keyword=Almanac');
    await row(page, 'Offline Almanac').waitFor();
    // The session's two caches: its lists, and its own info (kept apart so lists never evict it).
    const adminCaches = (await cacheNames(page)).filter((n) => n.startsWith('lectern-api-'));
    expect(adminCaches).toHaveLength(2);
    expect(adminCaches.filter((n) => n.endsWith('-session'))).toHaveLength(1);
    await context.clearCookies();

    // …then the operator signs in on the same profile: the admin's lists are gone before any loads.
    await page.goto('/login');
    await signIn(page, 'staff', operator.phone, operator.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.getByTestId('avatar-menu').waitFor();
    const names = await cacheNames(page);
    expect(names.some((n) => adminCaches.includes(n))).toBe(false);
    await offline(context, true);
    await page.goto('/web/book?keyword=Almanac');
    await page.getByTestId('offline-empty').waitFor();
    await expect(row(page, 'Offline Almanac').count()).resolves.toBe(0);
    await context.close();
  });
});
