import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openUploadPanel, screenshot } from './browser';
import { writeRandomFile } from './random-file';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server-process';

/**
 * Two windows of the console over one profile (a browser tab beside the installed app): one runs
 * the upload worker (it holds the Web Lock), the other shows its progress and passes it its files;
 * when the first closes the second takes the uploads over from the checkpoints. The part PUTs are
 * counted per window (page 'request' events include its dedicated worker's), so a part sent by both
 * windows, or by the one that does not hold the worker, shows. Own server and data folder: the
 * stored objects are compared with the sources.
 */
const MiB = 1024 * 1024;
const PARALLEL = 5;

interface Source {
  path: string;
  name: string;
  size: number;
  md5: string;
}

let browser: Browser;
let server: RunningServer;
let dataDir: string;
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

const storedMd5s = (size: number) =>
  filesOf(dataDir)
    .filter((f) => statSync(f).size === size)
    .map((f) => createHash('md5').update(readFileSync(f)).digest('hex'));

const item = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const stateOf = (page: Page, name: string) => item(page, name).getAttribute('data-state');
const progressOf = async (page: Page, name: string) =>
  Number(await item(page, name).getByRole('progressbar').getAttribute('aria-valuenow'));

/** Part numbers PUT by this window (its worker included), by multipart upload. */
function partsOf(page: Page): Map<string, number[]> {
  const parts = new Map<string, number[]>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    const n = url.searchParams.get('partNumber');
    const id = url.searchParams.get('uploadId');
    if (r.method() !== 'PUT' || !n || !id) return;
    parts.set(id, [...(parts.get(id) ?? []), Number(n)]);
  });
  return parts;
}

const count = (parts: Map<string, number[]>) => [...parts.values()].reduce((n, p) => n + p.length, 0);

/** Delays every part PUT by `ms`, or by `ms()` read at each part (a test can slow down midway). */
async function slowParts(context: BrowserContext, ms: number | (() => number)): Promise<void> {
  await context.route(/[?&]partNumber=/, async (route) => {
    await new Promise((r) => setTimeout(r, typeof ms === 'number' ? ms : ms()));
    await route.continue().catch(() => undefined);
  });
}

/** Another window of a context already signed in (openUploadPanel signed it in). */
async function panel(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/web/video-upload');
  await page.getByRole('heading', { name: 'Upload videos' }).waitFor();
  return page;
}

/** Closes the page as the user would (running its beforeunload); the dialogs it raised. */
async function closeAsked(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<Dialog[]> {
  const dialogs: Dialog[] = [];
  const onDialog = (d: Dialog) => {
    dialogs.push(d);
    void d[answer]();
  };
  page.on('dialog', onDialog);
  const closed = new Promise((r) => page.once('close', r));
  await page.close({ runBeforeUnload: true });
  if (answer === 'accept') await closed;
  else await page.waitForTimeout(1000);
  page.off('dialog', onDialog);
  return dialogs;
}

beforeAll(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'lectern-tabs-files-'));
  dataDir = mkdtempSync(join(tmpdir(), 'lectern-tabs-e2e-'));
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
  rmSync(dataDir, { recursive: true, force: true });
});

const context = () =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });

describe('two windows, one upload worker', () => {
  it('the second window shows the first one’s uploads, queues through it and takes over when it closes', {
    timeout: 300_000,
  }, async () => {
    const first = makeFile('tabs-first.mp4', 40);
    const second = makeFile('tabs-second.mp4', 12);
    const ctx = await context();
    await slowParts(ctx, 400);
    const a = await openUploadPanel(ctx);
    const partsA = partsOf(a);
    await a.setInputFiles('input[type=file]', [first.path]);
    await a.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(a, first.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);

    // The second window: a phone-sized one, in Spanish (the language cookie; the first stays as loaded).
    await ctx.addCookies([{ name: 'language', value: 'es', url: server.url }]);
    const b = await ctx.newPage();
    const partsB = partsOf(b);
    b.on('console', (m) => {
      if (process.env.UPLOAD_E2E_VERBOSE) console.log(`second window: ${m.text()}`);
    });
    b.on('pageerror', (e) => {
      if (process.env.UPLOAD_E2E_VERBOSE) console.log(`second window error: ${e.message}`);
    });
    await b.setViewportSize({ width: 390, height: 844 });
    await b.goto('/web/video-upload');
    await b.getByTestId('upload-elsewhere').waitFor();
    // The same progress as the window that uploads (snapshots are a quarter second apart).
    await expect.poll(() => stateOf(b, first.name), { timeout: 10_000 }).toBe('Uploading');
    await expect.poll(() => progressOf(b, first.name), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    expect(Math.abs((await progressOf(b, first.name)) - (await progressOf(a, first.name)))).toBeLessThanOrEqual(10);
    await screenshot(b, 'upload-tabs-second-window-es-390');

    // A file chosen in the second window is queued in the first one's worker.
    await b.setInputFiles('input[type=file]', [second.path]);
    await expect.poll(() => stateOf(a, second.name), { timeout: 10_000 }).toBe('Ready');
    await expect.poll(() => stateOf(b, second.name), { timeout: 10_000 }).toBe('Ready');

    await expect.poll(() => progressOf(a, first.name), { timeout: 90_000 }).toBeGreaterThanOrEqual(30);
    expect(count(partsA)).toBeGreaterThan(0);
    expect(count(partsB)).toBe(0);

    // Closing the first window: the second waits for the worker, so nothing is asked.
    const stored = await progressOf(b, first.name);
    const dialogs = await closeAsked(a);
    expect(dialogs).toEqual([]);

    // The second window runs the worker now and resumes from the checkpoint.
    await b.getByTestId('upload-elsewhere').waitFor({ state: 'detached', timeout: 15_000 });
    await item(b, first.name)
      .getByText('Reanudado', { exact: true })
      .waitFor()
      .catch(async (e) => {
        await screenshot(b, 'upload-tabs-takeover-failed');
        throw e;
      });
    for (const s of [first, second]) await expect.poll(() => stateOf(b, s.name), { timeout: 150_000 }).toBe('Success');

    // The first file's parts: the first window's before the close, the second's after, and the
    // parts in flight at the close (at most the parallel ones, and a quarter second's) sent twice.
    const [firstUpload] = [...partsA.keys()];
    const byA = new Set(partsA.get(firstUpload ?? '') ?? []);
    const byB = partsB.get(firstUpload ?? '') ?? [];
    const total = Math.ceil(first.size / MiB);
    expect(byB.length).toBeGreaterThan(0);
    expect(byB.filter((n) => byA.has(n)).length).toBeLessThanOrEqual(2 * PARALLEL);
    expect(byB.length).toBeLessThanOrEqual(total - Math.floor((stored / 100) * total) + 2 * PARALLEL);
    // Each part once by the window that sent it.
    expect(new Set(byB).size).toBe(byB.length);
    // The second file went through the second window only.
    expect([...partsA.keys()]).toEqual([firstUpload]);
    expect(partsB.size).toBe(2);
    for (const s of [first, second]) expect(storedMd5s(s.size)).toContain(s.md5);
    await ctx.close();
  });
});

describe('closing a window mid-upload', () => {
  it('asks before closing while this window uploads, and never otherwise', { timeout: 180_000 }, async () => {
    const src = makeFile('close-asks.mp4', 30);
    const small = makeFile('close-done.mp4', 2);
    const ctx = await context();
    let partDelay = 150;
    await slowParts(ctx, () => partDelay);

    // Files chosen but not started: closing asks nothing (the page has had user input).
    const idle = await openUploadPanel(ctx);
    await idle.setInputFiles('input[type=file]', [src.path]);
    await item(idle, src.name).getByLabel('Title').click();
    expect(await closeAsked(idle)).toEqual([]);

    // An upload finished: nothing is asked either.
    const done = await panel(ctx);
    await done.setInputFiles('input[type=file]', [small.path]);
    await done.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => stateOf(done, small.name), { timeout: 60_000 }).toBe('Success');
    expect(await closeAsked(done)).toEqual([]);

    // Uploading: the browser asks. Staying keeps the upload going; leaving interrupts it. Parts
    // are slow enough here (six rounds of 2 s) that the upload is still running at both closes.
    partDelay = 2000;
    const busy = await panel(ctx);
    await busy.setInputFiles('input[type=file]', [src.path]);
    await busy.getByRole('button', { name: 'Start upload' }).click();
    await expect.poll(() => progressOf(busy, src.name), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
    const stay = await closeAsked(busy, 'dismiss');
    expect(stay.map((d) => d.type())).toEqual(['beforeunload']);
    expect(busy.isClosed()).toBe(false);
    expect(await stateOf(busy, src.name)).toBe('Uploading');
    // The browser shows its question again only after new input.
    await item(busy, src.name).click();
    expect(await stateOf(busy, src.name)).toBe('Uploading');
    const leave = await closeAsked(busy);
    expect(leave.map((d) => d.type())).toEqual(['beforeunload']);

    // Next time the console opens, the upload is listed as interrupted, to resume from its checkpoint.
    const again = await panel(ctx);
    await again.getByTestId('interrupted').getByText(src.name).waitFor();
    await ctx.close();
  });
});
