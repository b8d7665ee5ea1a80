import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../fixtures/video-clip';
import { backgroundContext, firePeriodicSync, serviceWorker, signInAs, workerState } from './background-helpers';
import { admin, adminToken, api, baseURL, launch } from './browser';
import { writeRandomFile } from './random-file';

/*
 * Notifications of uploads and videos: off by default, turned on by the settings switch (the
 * browser's question asked on that click), shown while the console is hidden, one per video
 * replaced in place, and a click that brings the console to the video's page.
 *
 * Headless Chromium reports every page as visible (bringing another to the front or minimising the
 * window changes nothing), so the test says "hidden" through document.visibilityState on the page.
 */
let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'lectern-notify-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('notifications-switch').waitFor();
}

const notices = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return ((await reg?.getNotifications()) ?? []).map((n) => ({ title: n.title, tag: n.tag, data: n.data }));
  });

describe('the notifications switch', () => {
  it('is off by default and says so, in words that fit, when the browser refuses', { timeout: 120_000 }, async () => {
    for (const locale of ['ja', 'es'] as const) {
      const { context, page } = await backgroundContext(browser, { viewport: { width: 390, height: 844 } });
      await signInAs(page, admin);
      await context.addCookies([{ name: 'language', value: locale, url: baseURL() }]);
      await page.reload();
      await page.getByTestId('avatar-menu').waitFor();
      await openSettings(page);
      const toggle = page.getByTestId('notifications-switch');
      expect(await toggle.isChecked()).toBe(false);
      // Headless Chromium answers the question itself: refused.
      await toggle.click({ force: true });
      await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('denied');
      expect(await toggle.isChecked()).toBe(false);
      await page.screenshot({ path: `/tmp/notify-switch-${locale}.png` });
      await context.close();
    }
  });
});

describe('video notifications', () => {
  it('tells of an upload while the console is hidden, in place per video, and a click opens its page', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await backgroundContext(browser, { notifications: true });
    await context.addInitScript(() => {
      // The test's stand-in for a console in the background (see above).
      Object.defineProperty(Document.prototype, 'visibilityState', {
        configurable: true,
        get: () => (sessionStorage.getItem('e2e:hidden') === '1' ? 'hidden' : 'visible'),
      });
    });
    await signInAs(page, admin);
    await openSettings(page);
    await page.getByTestId('notifications-switch').click({ force: true });
    await expect.poll(() => page.getByTestId('notifications-switch').isChecked()).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/web/video-upload');
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    const file = join(work, `notice-${Date.now()}.mp4`);
    writeRandomFile(file, 1);
    await page.setInputFiles('input[type=file]', [file]);
    const name = file.split('/').pop()!;
    const item = page.getByRole('listitem', { name, exact: true });
    await item.getByLabel('Title').fill('Noticed reel');
    await page.evaluate(() => sessionStorage.setItem('e2e:hidden', '1'));
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 60_000 }).toBe('Success');

    // Uploaded, then (random bytes) processing failed: one notification, replaced in place.
    await expect
      .poll(async () => (await notices(page)).map((n) => n.title), { timeout: 90_000 })
      .toEqual(['Processing failed: Noticed reel']);
    const [notice] = await notices(page);
    expect(notice?.tag).toMatch(/^lectern-video-/);
    const url = (notice?.data as { url?: string } | undefined)?.url;
    expect(url).toMatch(/\/web\/video\/\d+$/);

    // The console comes back to the front elsewhere; the notification is clicked (dispatched in
    // the worker as the browser would: Chromium's DevTools protocol cannot click one).
    await page.evaluate(() => sessionStorage.setItem('e2e:hidden', '0'));
    await page.goto('/index');
    await (await serviceWorker(context)).evaluate(async (tag) => {
      // Types of the worker's global, which this file's lib does not describe.
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [n] = await sw.registration.getNotifications({ tag });
      if (!n) throw new Error('no notification');
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
    }, notice!.tag);
    await page.waitForURL((u) => u.href === url, { timeout: 20_000 });
    expect(await notices(page)).toEqual([]);
    await context.close();
  });
});

describe('video notifications while the console is closed', () => {
  it('tells from the worker, in the member’s language, of a video that turned ready after the console closed', {
    timeout: 240_000,
  }, async () => {
    const token = await adminToken();
    const stamp = Date.now().toString(36);
    const clip = join(work, `closed-${stamp}.mp4`);
    const title = `Closed reel ${stamp}`;
    // Long enough that processing is still running when the console closes right after the upload.
    await makeClip(clip, { seconds: 20, width: 640, height: 360 });

    const { context, page } = await backgroundContext(browser, { notifications: true });
    await signInAs(page, admin);
    // The member works in Spanish.
    await context.addCookies([{ name: 'language', value: 'es', url: baseURL() }]);
    await page.reload();
    await page.getByTestId('avatar-menu').waitFor();
    await openSettings(page);
    await page.getByTestId('notifications-switch').click({ force: true });
    await expect.poll(() => page.getByTestId('notifications-switch').isChecked()).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/web/video-upload');
    await page.getByRole('heading', { name: 'Subir videos' }).waitFor();
    await page.setInputFiles('input[type=file]', [clip]);
    const item = page.getByRole('listitem', { name: `closed-${stamp}.mp4`, exact: true });
    await item.getByLabel('Título').fill(title);
    await page.getByRole('button', { name: 'Iniciar subida' }).click();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 90_000 }).toBe('Success');

    // The upload is handed to the worker to watch; then every console page closes.
    const { session } = (await workerState(context)) as { session: { userKey: string; locale: string } };
    expect(session.locale).toBe('es');
    const watched = async () =>
      ((await workerState(context))[`watch:${session.userKey}`] as { videoId: string; title: string }[] | undefined) ??
      [];
    await expect.poll(async () => (await watched()).map((v) => v.title), { timeout: 20_000 }).toEqual([title]);
    const videoId = (await watched())[0]!.videoId;
    const blank = await context.newPage();
    await page.close();
    const status = async () =>
      (
        await api<{ items: { videoId: string; status: string }[] }>('/video/page', {
          body: { pageNum: 1, pageSize: 10, keyword: videoId },
          token,
        })
      ).items.find((v) => v.videoId === videoId)?.status;
    // Still processing when the console closed: only the worker can tell of it now.
    expect(await status()).not.toBe('Normal');
    expect(await shownByWorker(context)).toEqual([]);
    await expect.poll(status, { timeout: 150_000, interval: 1000 }).toBe('Normal');

    await firePeriodicSync(context, blank);
    await expect
      .poll(async () => (await shownByWorker(context)).map((n) => n.title), { timeout: 30_000 })
      .toEqual([`Listo para ver: ${title}`]);
    const [notice] = await shownByWorker(context);
    expect(notice?.body).toBe('Abrir el vídeo');
    expect((notice?.data as { url?: string } | undefined)?.url).toMatch(/\/web\/video\/\d+$/);
    // Told once: no longer watched.
    expect(await watched()).toEqual([]);
    await context.close();
  });
});

/** The notifications of the registration, read inside the worker (no console page is open). */
const shownByWorker = async (context: BrowserContext) =>
  (await serviceWorker(context)).evaluate(async () => {
    const reg = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
  });
