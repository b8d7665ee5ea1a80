import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeStill } from '../fixtures/video-clip';
import { type Language, settled, signInAnyLanguage, variantContext } from './a11y-helpers';
import { seriousViolations } from './axe';
import { launch, openUploadPanel, screenshot } from './browser';
import { describeDefects, layoutDefects } from './layout-checks';
import { form, submit } from './lists';
import { writeRandomFile } from './random-file';
import { ADMIN_PASSWORD, apiCall, type RunningServer, startServer } from './server-process';

/**
 * A real short video from upload to playback, against the real local video service on a server of
 * its own (its processing queue to itself): generated with the ffmpeg that npm installs, uploaded
 * through the upload panel, processed by the service (probe, snapshots, HLS), seen to turn ready in
 * the queue and in an open Videos list without a reload (the live stream), then played on its
 * record page (hls.js, or the browser's own HLS) and given another cover among its snapshots.
 */
let browser: Browser;
let server: RunningServer;
let dataDir: string;
let work: string;
let clip: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'lectern-video-e2e-'));
  dataDir = join(work, 'data');
  clip = join(work, 'reading-hour.mp4');
  await makeClip(clip, { seconds: 6, width: 640, height: 360 });
  browser = await launch();
  server = await startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const row = (page: Page, title: string) => page.getByTestId('resource-row').filter({ hasText: title });

const desktop = () =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 }, locale: 'en-US' });

describe('a video from upload to playback', () => {
  it('turns ready in the queue and the list, plays on its page and takes a snapshot as its cover', {
    timeout: 240_000,
  }, async () => {
    const context = await desktop();
    const page = await openUploadPanel(context);

    // The Videos list, open in a tab of its own while the video uploads and is processed.
    const list = await context.newPage();
    await list.goto('/web/video');
    await list.getByTestId('list-empty').waitFor();
    await list.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await page.setInputFiles('input[type=file]', [clip]);
    const item = page.getByRole('listitem', { name: 'reading-hour.mp4', exact: true });
    await item.getByLabel('Title').fill('Reading hour');
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 60_000 }).toBe('Success');

    // After the bytes: processing, then ready, in the queue (no reload, no polling: the live stream).
    const processing = item.getByTestId('upload-processing');
    await expect.poll(() => processing.getAttribute('data-step'), { timeout: 120_000 }).toBe('ready');
    await screenshot(page, 'video-upload-ready');

    // The list that was open all along shows it ready, with what processing found.
    const listed = row(list, 'Reading hour');
    await expect
      .poll(() => listed.getByTestId('video-status').getAttribute('data-value'), { timeout: 30_000 })
      .toBe('Normal');
    expect(await list.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect.poll(() => listed.getByTestId('video-duration').textContent()).toBe('0:06');
    await listed.getByText('640×360').waitFor();
    const firstCover = await listed.locator('img').first().getAttribute('src');
    expect(firstCover).toBeTruthy();
    await screenshot(list, 'video-list-ready');

    // Its record page: the details, and it plays.
    await listed.getByRole('link', { name: 'Reading hour' }).click();
    await list.waitForURL((u) => /^\/web\/video\/\d+$/.test(u.pathname));
    const hlsChunks: string[] = [];
    list.on('request', (r) => {
      if (/hls\.light-[^/]+\.js$/.test(r.url())) hlsChunks.push(r.url());
    });
    const player = list.getByRole('button', { name: 'Play Reading hour' });
    await player.waitFor();
    await expect.poll(() => player.isEnabled(), { timeout: 15_000 }).toBe(true);
    const native = await list.evaluate(() =>
      document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
    );
    await player.click();
    const video = list.getByLabel('Video: Reading hour');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    // Without native HLS the light build of hls.js plays it: a chunk of its own, fetched on demand.
    if (!native) expect(hlsChunks.length).toBe(1);
    await screenshot(list, 'video-record-playing');

    // Another snapshot as the cover: pressed at once, and the list shows it.
    const frames = list.getByTestId('video-snapshot');
    expect(await frames.count()).toBeGreaterThanOrEqual(2);
    expect(await frames.nth(0).getAttribute('aria-pressed')).toBe('true');
    // The cover is one of the frames, marked there: no other picture of it repeats it unlabelled.
    const coverPanel = list.getByTestId('video-cover');
    expect(await coverPanel.locator('img').count()).toBe(await frames.count());
    expect(await list.getByTestId('video-current-cover').count()).toBe(0);
    await frames.nth(1).click();
    await expect.poll(() => frames.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await frames.nth(0).getAttribute('aria-pressed')).toBe('false');
    const chosen = await frames.nth(1).locator('img').getAttribute('src');

    await list.goBack();
    await list.waitForURL((u) => u.pathname === '/web/video');
    await expect.poll(() => row(list, 'Reading hour').locator('img').first().getAttribute('src')).toBe(chosen);
    expect(chosen).not.toBe(firstCover);
    await context.close();
  });

  it('sends a cover file with the upload, says why a file that is not a video failed, queues it again and edits its text', {
    timeout: 120_000,
  }, async () => {
    const noise = join(work, 'noise.mp4');
    writeRandomFile(noise, 1);
    const context = await desktop();
    const page = await openUploadPanel(context);
    await page.setInputFiles('input[type=file]', [noise]);
    const item = page.getByRole('listitem', { name: 'noise.mp4', exact: true });
    await item.getByLabel('Title').fill('Static noise');
    // A cover file chosen on the card goes with the upload through the video service (CreateUploadImage).
    const poster = join(work, 'poster.png');
    await makeStill(poster, { color: 'orange', width: 320, height: 180 });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      item.getByRole('button', { name: 'Upload', exact: true }).click(),
    ]);
    await chooser.setFiles(poster);
    await item.getByTestId('upload-cover-file').getByText('Cover file: poster.png').waitFor();
    await page.getByRole('button', { name: 'Start upload' }).click();
    const processing = item.getByTestId('upload-processing');
    await expect.poll(() => processing.getAttribute('data-step'), { timeout: 120_000 }).toBe('failed');
    await processing.getByText('The file is not a video that can be played.').waitFor();
    // The card with its cover file and its failure, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await screenshot(page, 'video-upload-failed-390');
    expect(describeDefects('upload card, 390 px', await layoutDefects(page, { phone: true }))).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await processing.getByRole('link', { name: 'Open noise.mp4' }).getAttribute('href')).toMatch(
      /^\/web\/video\/\d+$/,
    );

    await page.goto('/web/video');
    const listed = row(page, 'Static noise');
    expect(await listed.getByTestId('video-status').getAttribute('data-value')).toBe('TranscodeFail');
    await listed.getByTestId('video-fail-reason').getByText('The file is not a video that can be played.').waitFor();
    // No snapshot was taken: the cover is the uploaded file, served and drawn.
    await expect
      .poll(() => listed.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Processed again from the row where the failure shows (the server's retry is its own test).
    await listed.getByRole('button', { name: 'Process again Static noise' }).click();
    const queued = page.getByText('The video is queued for processing again.');
    await queued.waitFor();
    await queued.waitFor({ state: 'detached', timeout: 15_000 });
    await listed.getByRole('link', { name: 'Static noise' }).click();
    await page.getByTestId('video-player').getByText('The file is not a video that can be played.').waitFor();
    // No frames to mark it among: the cover file shows once, named as the current cover.
    const current = page.getByTestId('video-current-cover');
    await current.getByText('Current cover', { exact: true }).waitFor();
    expect(await page.getByTestId('video-cover').locator('img').count()).toBe(1);
    await page.getByTestId('video-retry').click();
    await page.getByText('The video is queued for processing again.').waitFor();

    // Its text is the editor's to fix, failed or not, and while it is being processed: the form
    // every record page opens. Processing moves the record's version on (here a retry sent from
    // elsewhere once the page's own has failed again, so it surely comes after the form opened);
    // it changes nothing the form writes, so the save goes through, no conflict shown.
    await page.getByTestId('record-edit').click();
    await form(page).getByLabel('Title').fill('Static noise, renamed');
    const tags = form(page).getByLabel('Tags');
    await tags.fill('noise');
    await tags.press('Enter');
    await tags.fill('test card');
    await tags.press('Enter');
    const id = Number(/\/web\/video\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const { token } = await apiCall<{ token: string }>(server.url, '/auth/login', {
      userName: 'admin',
      password: ADMIN_PASSWORD,
    });
    // Refused (409) until the page's retry has failed again: the file has not changed.
    await expect
      .poll(
        () =>
          apiCall(server.url, `/video/${id}/retry`, {}, token).then(
            () => true,
            () => false,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
    await submit(page);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe('Static noise, renamed');
    expect(await page.getByTestId('conflict-view').count()).toBe(0);
    // The save left processing alone: the retry sent from elsewhere fails the same way on the
    // server, and the page, never reloaded, ends showing that.
    await expect
      .poll(
        async () => {
          const v = await apiCall<{ status: string; failReason: string | null }>(
            server.url,
            `/video/${id}`,
            undefined,
            token,
          );
          return `${v.status} ${v.failReason}`;
        },
        { timeout: 60_000 },
      )
      .toBe('TranscodeFail not_a_video');
    await expect
      .poll(() => page.getByTestId('video-details').getByTestId('video-status').getAttribute('data-value'))
      .toBe('TranscodeFail');
    expect(await page.locator('[data-field="tags"]').textContent()).toBe('noise,test card');
    await context.close();
  });

  it('holds its layout on a phone and a laptop in Spanish and Japanese, with no serious axe finding', {
    timeout: 180_000,
  }, async () => {
    const problems: string[] = [];
    for (const language of ['es', 'ja'] as Language[]) {
      for (const width of [390, 1366]) {
        const context = await variantContext(browser, server.url, { language, dark: false }, { width, height: 844 });
        const page = await context.newPage();
        await signInAnyLanguage(page, '/web/video');
        for (const path of ['/web/video', '/web/video/1', '/web/video/2']) {
          if (path !== '/web/video') await page.goto(path);
          await page
            .getByTestId(path === '/web/video' ? 'resource-row' : 'video-player')
            .first()
            .waitFor();
          await settled(page);
          const tag = `video-${language}-${width}-${path.slice(1).replaceAll('/', '-')}`;
          await screenshot(page, tag);
          problems.push(...describeDefects(tag, await layoutDefects(page, { phone: width < 500 })));
          problems.push(...(await seriousViolations(page, tag)).map((f) => `${f.where}: ${f.rule} ${f.target}`));
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });

  /** A context signed in with the API's token, without the live stream (which never ends). */
  async function quietContext(): Promise<BrowserContext> {
    const { token } = await apiCall<{ token: string }>(server.url, '/auth/login', {
      userName: 'admin',
      password: ADMIN_PASSWORD,
    });
    const context = await browser.newContext({
      baseURL: server.url,
      serviceWorkers: 'block',
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
    });
    await context.addCookies([{ name: 'Authorization', value: token, url: server.url }]);
    // The page would never be idle with it open, and it starts after a cold load anyway.
    await context.route('**/prod-api/events*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50008, msg: 'no live stream in load measurements', data: null }),
      }),
    );
    return context;
  }

  /** The scripts and stylesheets a page asks for, by path. */
  function assetsOf(page: Page): Set<string> {
    const assets = new Set<string>();
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(path)) assets.add(path);
    });
    return assets;
  }

  const dist = process.env.LECTERN_DIST ?? 'dist';
  const gzip = (paths: Iterable<string>) =>
    [...paths].reduce((sum, p) => sum + gzipSync(readFileSync(resolve(dist, p.slice(1))), { level: 9 }).length, 0);
  const currentTime = (page: Page) =>
    page.getByLabel('Video: Reading hour').evaluate((v: HTMLVideoElement) => v.currentTime);

  it("loads its record page without the player's code, which comes at Play", { timeout: 60_000 }, async () => {
    const context = await quietContext();
    const page = await context.newPage();
    const assets = assetsOf(page);
    await page.goto('/web/video/1');
    const play = page.getByRole('button', { name: 'Play Reading hour' });
    await play.waitFor();
    await page.waitForLoadState('networkidle');
    const bytes = gzip(assets);
    console.log(`video record page, cold: ${(bytes / 1024).toFixed(1)} KiB gzip JS+CSS in ${assets.size} files`);
    const files = [...assets].map((p) => `${p} ${(gzip([p]) / 1024).toFixed(1)} KiB`).sort();
    // A screen's budget (docs/performance.md). Most of it is what every record page loads (the frame,
    // the record view and the list chunk it draws with: Books' record page is within 1 KiB of this
    // one); the player's code, the signing and the tags input must not be part of it.
    expect(bytes, files.join('\n')).toBeLessThanOrEqual(250 * 1024);
    expect([...assets].filter((p) => /hls|playback|tags-field/.test(p))).toEqual([]);

    await play.click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect([...assets].filter((p) => /playback/.test(p))).toHaveLength(1);
    await context.close();
  });

  // hls.js hands the video its Media Source by a blob: address: the CSP's media-src must allow it.
  it('plays with hls.js where the browser has no HLS of its own', { timeout: 60_000 }, async () => {
    const context = await quietContext();
    // This Chromium plays HLS itself (the first test's path); here it says it cannot, as Firefox
    // does, so hls.js plays it over Media Source Extensions.
    await context.addInitScript(() => {
      const own = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : own.call(this, type);
      };
    });
    const page = await context.newPage();
    const assets = assetsOf(page);
    await page.goto('/web/video/1');
    await page.getByRole('button', { name: 'Play Reading hour' }).click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    const hls = [...assets].filter((p) => /hls\.light-[^/]+\.js$/.test(p));
    expect(hls).toHaveLength(1);
    console.log(`hls.js light, loaded at Play: ${(gzip(hls) / 1024).toFixed(1)} KiB gzip`);
    await context.close();
  });
});
