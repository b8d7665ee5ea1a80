import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openUploadPanel, screenshot } from './browser';
import { controlled } from './pwa-helpers';
import { writeRandomFile } from './random-file';
import { ADMIN_PASSWORD, apiCall, type RunningServer, startServer } from './server-process';

/**
 * Video uploads through the worker against the real local video service: each test checks that the
 * stored object's MD5 equals the source file's and that the video record is `normal`. The files are
 * generated here (random bytes, 20-60 MiB) and never committed. Every suite gets its own server and
 * data folder so the stored objects can be found and the credential lifetime can be short.
 */
const MiB = 1024 * 1024;
const PART = MiB;

interface Source {
  path: string;
  name: string;
  size: number;
  md5: string;
}

let browser: Browser;
let work: string;

function makeFile(name: string, mib: number): Source {
  const path = join(work, name);
  return { path, name, size: mib * MiB, md5: writeRandomFile(path, mib) };
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** MD5s of every stored file of the source's size under the server's data folder. */
function storedMd5s(dataDir: string, size: number): string[] {
  return filesOf(dataDir)
    .filter((f) => statSync(f).size === size)
    .map((f) => createHash('md5').update(readFileSync(f)).digest('hex'));
}

const call = <T>(server: RunningServer, path: string, body?: unknown, token?: string) =>
  apiCall<T>(server.url, path, body, token);

async function videoStatus(server: RunningServer, fileName: string): Promise<string | undefined> {
  const { token } = await call<{ token: string }>(server, '/auth/login', {
    userName: 'admin',
    password: ADMIN_PASSWORD,
  });
  const page = await call<{ items: { fileName: string; status: string }[] }>(
    server,
    '/video/page',
    { pageNum: 1, pageSize: 100, keyword: fileName },
    token,
  );
  return page.items.find((v) => v.fileName === fileName)?.status;
}

async function expectStored(server: RunningServer, dataDir: string, src: Source): Promise<void> {
  expect(storedMd5s(dataDir, src.size)).toContain(src.md5);
  // Complete: the record left Uploading. These files are random bytes, so processing then ends
  // TranscodeFail (not_a_video); that the upload itself arrived is what is checked here.
  await expect
    .poll(() => videoStatus(server, src.name), { timeout: 10_000 })
    .toMatch(/^(UploadSucc|Transcoding|TranscodeFail|Normal)$/);
}

async function openPanel(context: BrowserContext): Promise<Page> {
  const page = await openUploadPanel(context);
  page.on('console', (m) => {
    if (m.text().startsWith('[upload]') && process.env.UPLOAD_E2E_VERBOSE) console.log(m.text());
  });
  return page;
}

const item = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const stateOf = (page: Page, name: string) => item(page, name).getAttribute('data-state');
async function progressOf(page: Page, name: string): Promise<number> {
  return Number(await item(page, name).getByRole('progressbar').getAttribute('aria-valuenow'));
}

/** Slows each part a little, so that "mid-file" lasts long enough to act in. */
async function slowParts(context: BrowserContext, ms: number): Promise<void> {
  await context.route(/[?&]partNumber=/, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  });
}

function newServer(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-upload-e2e-'));
  const dist = process.env.LECTERN_DIST ?? 'dist';
  return startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: dist,
    ...extra,
  }).then((server) => ({ server, dataDir }));
}

beforeAll(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'lectern-upload-files-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('video uploads', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    ({ server, dataDir } = await newServer());
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const context = () =>
    browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });

  it('uploads three files while the user moves around the console', { timeout: 240_000 }, async () => {
    const sources = [makeFile('alpha.mp4', 20), makeFile('bravo.mp4', 40), makeFile('charlie.mp4', 60)];
    const ctx = await context();
    await slowParts(ctx, 20);
    const page = await openPanel(ctx);
    await page.setInputFiles(
      'input[type=file]',
      sources.map((s) => s.path),
    );
    for (const s of sources) await item(page, s.name).waitFor();
    await item(page, 'bravo.mp4').getByLabel('Title').fill('Bravo, the second film');
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => stateOf(page, 'alpha.mp4')).toBe('Uploading');

    // Switch between console pages while the worker uploads; come back by history.
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Books' }).click();
    await page.waitForURL((u) => u.pathname === '/web/book');
    await menu.getByRole('link', { name: 'Videos' }).click();
    await page.waitForURL((u) => u.pathname === '/web/video');
    await page.goBack();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await screenshot(page, 'uploads-in-progress');

    for (const s of sources) await expect.poll(() => stateOf(page, s.name), { timeout: 180_000 }).toBe('Success');
    for (const s of sources) await expectStored(server, dataDir, s);
    await ctx.close();
  });

  it('pauses offline (not Failure) and resumes by itself when the network returns', { timeout: 180_000 }, async () => {
    const src = makeFile('offline.mp4', 40);
    const ctx = await context();
    await slowParts(ctx, 150);
    const page = await openPanel(ctx);
    await page.setInputFiles('input[type=file]', [src.path]);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(page, src.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

    await ctx.setOffline(true);
    await expect.poll(() => item(page, src.name).getAttribute('data-waiting')).toBe('network');
    await page.getByTestId('upload-waiting').filter({ hasText: 'Waiting for network' }).waitFor();
    const paused = await progressOf(page, src.name);
    await page.waitForTimeout(3000); // offline for a while: nothing fails, nothing moves
    expect(await stateOf(page, src.name)).toBe('Uploading');
    expect(await progressOf(page, src.name)).toBeLessThanOrEqual(paused + 10);
    await screenshot(page, 'uploads-offline');

    await ctx.setOffline(false);
    await expect.poll(() => stateOf(page, src.name), { timeout: 120_000 }).toBe('Success');
    await expectStored(server, dataDir, src);
    await ctx.close();
  });

  it('resumes after a reload when the same file is chosen again, sending only missing parts', {
    timeout: 180_000,
  }, async () => {
    const src = makeFile('reload.mp4', 50);
    const ctx = await context();
    await slowParts(ctx, 150);
    const page = await openPanel(ctx);
    await page.setInputFiles('input[type=file]', [src.path]);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(page, src.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);

    await page.reload();
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    const interrupted = page.getByTestId('interrupted');
    await interrupted.getByText(src.name).waitFor();
    await screenshot(page, 'uploads-interrupted');

    const parts = new Set<string>();
    ctx.on('request', (r) => {
      const m = /[?&]partNumber=(\d+)/.exec(r.url());
      if (r.method() === 'PUT' && m?.[1]) parts.add(m[1]);
    });
    await page.setInputFiles('input[type=file]', [src.path]);
    await item(page, src.name).getByText('Resumed').waitFor();
    const resumedAt = await progressOf(page, src.name);
    expect(resumedAt).toBeGreaterThanOrEqual(25);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => stateOf(page, src.name), { timeout: 120_000 }).toBe('Success');

    const total = Math.ceil(src.size / PART);
    const stored = Math.floor((resumedAt / 100) * total);
    expect(parts.size).toBeGreaterThan(0);
    expect(parts.size).toBeLessThanOrEqual(total - stored + 1);
    await expectStored(server, dataDir, src);
    await ctx.close();
  });

  it('resumes after a reload from the file handle the browser kept, without choosing the file again', {
    timeout: 180_000,
  }, async () => {
    const ctx = await context();
    // The browser's file dialog answers with a handle to a file of the origin-private file system,
    // the same kind of handle the real dialog returns (as setInputFiles stands in for the OS dialog).
    await ctx.addInitScript(() => {
      (window as unknown as { showOpenFilePicker: () => Promise<FileSystemFileHandle[]> }).showOpenFilePicker =
        async () => [await (await navigator.storage.getDirectory()).getFileHandle('handle.mp4')];
    });
    await slowParts(ctx, 150);
    const page = await openPanel(ctx);
    const src = await writeOpfsFile(page, 'handle.mp4', 30);
    await page.getByRole('button', { name: 'Choose video files' }).click();
    await item(page, src.name).waitFor();
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(page, src.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);

    await page.reload();
    await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
    const parts = new Set<string>();
    ctx.on('request', (r) => {
      const m = /[?&]partNumber=(\d+)/.exec(r.url());
      if (r.method() === 'PUT' && m?.[1]) parts.add(m[1]);
    });
    // What the stored checkpoint holds, as the list of interrupted uploads shows it. Not the item's
    // progress once resumed: Resume starts at once, and parts stored before that is read would
    // count as stored before the reload.
    const row = page.getByTestId('interrupted').getByRole('listitem').filter({ hasText: src.name });
    const storedAt = Number(/\((\d+)%\)/.exec((await row.textContent()) ?? '')?.[1]);
    expect(storedAt).toBeGreaterThanOrEqual(25);
    // No file chooser from here on: Resume reopens the stored handle and starts by itself.
    await page
      .getByTestId('interrupted')
      .getByRole('button', { name: `Resume ${src.name}` })
      .click();
    await item(page, src.name).getByText('Resumed').waitFor();
    expect(await progressOf(page, src.name)).toBeGreaterThanOrEqual(storedAt);
    await expect.poll(() => stateOf(page, src.name), { timeout: 120_000 }).toBe('Success');

    const total = Math.ceil(src.size / PART);
    expect(parts.size).toBeGreaterThan(0);
    expect(parts.size).toBeLessThanOrEqual(total - Math.floor((storedAt / 100) * total) + 1);
    await expectStored(server, dataDir, src);
    await ctx.close();
  });
});

/** xorshift32 words: the same bytes in Node and in the page, so a 30 MiB file needs no transfer. */
function fillWords(words: Uint32Array, seed: number): number {
  let x = seed;
  for (let i = 0; i < words.length; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    words[i] = x;
  }
  return x;
}

/** Writes `mib` MiB of generated bytes into the origin-private file system; their MD5 from Node. */
async function writeOpfsFile(page: Page, name: string, mib: number): Promise<Source> {
  await page.evaluate(
    async ({ name, mib }) => {
      const root = await navigator.storage.getDirectory();
      const out = await (await root.getFileHandle(name, { create: true })).createWritable();
      let x = 2463534242; // the generator of fillWords, inline: the page's CSP forbids eval
      for (let i = 0; i < mib; i++) {
        const words = new Uint32Array(262144);
        for (let j = 0; j < words.length; j++) {
          x = (x ^ (x << 13)) >>> 0;
          x = (x ^ (x >>> 17)) >>> 0;
          x = (x ^ (x << 5)) >>> 0;
          words[j] = x;
        }
        await out.write(words);
      }
      await out.close();
    },
    { name, mib },
  );
  const hash = createHash('md5');
  let seed = 2463534242;
  for (let i = 0; i < mib; i++) {
    const words = new Uint32Array(MiB / 4);
    seed = fillWords(words, seed);
    hash.update(Buffer.from(words.buffer));
  }
  return { path: '', name, size: mib * MiB, md5: hash.digest('hex') };
}

describe('video uploads with a short credential lifetime', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    ({ server, dataDir } = await newServer({ LECTERN_VOD_CREDENTIAL_TTL_SECONDS: '3' }));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renews an expired credential mid-file and completes', { timeout: 180_000 }, async () => {
    const src = makeFile('expiry.mp4', 30);
    const ctx = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    // 30 parts, five at a time, a second each: six seconds at least, twice the credential's 3 s,
    // however fast the machine (at 400 ms a part a quiet machine finished before it expired).
    await slowParts(ctx, 1000);
    const page = await openPanel(ctx);
    let credentials = 0;
    page.on('request', (r) => {
      if (r.url().includes('/prod-api/video/upload/credential')) credentials += 1;
    });
    const renewals: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('[upload] credential renewed')) renewals.push(m.text());
    });
    await page.setInputFiles('input[type=file]', [src.path]);
    await page.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => stateOf(page, src.name), { timeout: 150_000 }).toBe('Success');
    expect(credentials).toBeGreaterThanOrEqual(2);
    // The uploader went through Expire: the OSS refused the expired token and the worker renewed it.
    expect(renewals.length).toBeGreaterThanOrEqual(1);
    await expectStored(server, dataDir, src);
    await ctx.close();
  });
});

describe('offline during an upload', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    ({ server, dataDir } = await newServer());
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const session of ['first', 'later'] as const) {
    it(`opening Books from the menu never leaves the page (${session} session)`, { timeout: 180_000 }, async () => {
      const src = makeFile(`navigate-${session}.mp4`, 30);
      const ctx = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 900 },
        locale: 'en-US',
        // A first session: no service worker holds the console's code yet.
        serviceWorkers: session === 'first' ? 'block' : 'allow',
      });
      await slowParts(ctx, 150);
      const page = await openPanel(ctx);
      if (session === 'later') {
        // A later visit: the worker holds the console from the start.
        await controlled(page);
        await page.reload();
        await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
      }
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await page.evaluate(() => {
        (window as unknown as { kept: boolean }).kept = true;
      });
      const kept = () => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
      await page.setInputFiles('input[type=file]', [src.path]);
      await page.getByRole('button', { name: 'Start upload' }).click();
      await expect.poll(() => progressOf(page, src.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);

      await ctx.setOffline(true);
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await menu.getByRole('link', { name: 'Books' }).click();
      await page.waitForURL((u) => u.pathname === '/web/book');
      await page.waitForTimeout(3000);
      expect(loads).toEqual([]);
      expect(await kept()).toBe(true);
      // The screen says it in place (its code is not on this device yet), or opens from the cache.
      if (session === 'first') await page.getByTestId('screen-error').waitFor();
      else await page.getByTestId('list-keyword').waitFor();

      // Back online: the screen opens in place and the upload finishes.
      await ctx.setOffline(false);
      await page.getByTestId('list-keyword').waitFor();
      expect(await kept()).toBe(true);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/web/video-upload');
      await expect.poll(() => stateOf(page, src.name), { timeout: 120_000 }).toBe('Success');
      expect(await kept()).toBe(true);
      expect(loads).toEqual([]);
      await expectStored(server, dataDir, src);
      await ctx.close();
    });
  }
});
