import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, launch, screenshot, signIn } from './browser';
import { cachedListKeys, controlled } from './pwa-helpers';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server-process';

/*
 * A new version deployed while the console is open: the update prompt appears, Reload applies it
 * (skipWaiting + reload) and the open form's draft survives. Version 2 is a real second build with
 * one changed string (tests/e2e/pwa-v2.vite.config.mjs), served on the same origin.
 */

const V1 = process.env.LECTERN_DIST ?? 'dist';
const V2 = process.env.LECTERN_PWA_V2_DIST ?? '.tmp/pwa-e2e-v2';
const V2_MAX_ENTRIES = 3;

let browser: Browser;
let dataDir: string;
let port: number;
let server: RunningServer | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const serve = (dist: string) =>
  startServer({
    PORT: String(port),
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: dist,
  });

beforeAll(async () => {
  if (!process.env.LECTERN_PWA_V2_DIST || !existsSync(`${V2}/index.html`)) {
    const built = spawnSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'tests/e2e/pwa-v2.vite.config.mjs',
        '--outDir',
        V2,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      // A production build (vitest sets NODE_ENV=test); version 2 also keeps fewer cached answers
      // per session, to see the bound at work.
      {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', LECTERN_OFFLINE_MAX_ENTRIES: String(V2_MAX_ENTRIES) },
      },
    );
    if (built.status !== 0) throw new Error('building version 2 failed');
  }
  browser = await launch();
  dataDir = await mkdtemp(join(tmpdir(), 'lectern-pwa-update-'));
  port = await freePort();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A new browser context on `url`, signed in as the admin, its page controlled by the service worker. */
async function signedInControlled(url: string) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.getByTestId('avatar-menu').waitFor();
  // A first visit installs the worker once signed in (not while the sign-in page loads).
  await controlled(page);
  return { context, page };
}

describe('update prompt', () => {
  it('offers the new version, applies it on Reload and keeps the open form', async () => {
    server = await serve(V1);
    const { context, page } = await signedInControlled(server.url);
    await page.goto('/web/book');
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Title').fill('Draft across versions');
    await form.getByLabel('Author').fill('Kept Author');
    await expect.poll(() => page.title()).toMatch(/ - Lectern$/);

    // Version 2 is deployed on the same origin.
    await server.stop();
    server = await serve(V2);
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor({ timeout: 60_000 });
    await screenshot(page, 'pwa-update-prompt');
    // Nothing changes until the user says so.
    expect(await page.title()).toMatch(/ - Lectern$/);
    await prompt.getByRole('button').click();

    // The new version runs, and the form reopened with what was typed.
    await expect.poll(() => page.title(), { timeout: 30_000 }).toMatch(/ - Lectern Next$/);
    await expect(page.getByTestId('resource-form').getByLabel('Title').inputValue()).resolves.toBe(
      'Draft across versions',
    );
    await expect(page.getByTestId('resource-form').getByLabel('Author').inputValue()).resolves.toBe('Kept Author');
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps at most the configured number of answers per session, the oldest evicted', async () => {
    // The server from the previous test serves version 2 (built with LECTERN_OFFLINE_MAX_ENTRIES=3).
    if (!server) server = await serve(V2);
    const { context, page } = await signedInControlled(server.url);
    for (const keyword of ['first', 'second', 'third', 'fourth', 'fifth']) {
      await page.goto(`/web/book?keyword=${keyword}`);
      await page.getByTestId('list-empty').waitFor();
    }
    // Eviction runs after each answer is stored.
    const lists = async () => (await cachedListKeys(page)).filter((k) => !k.includes('/prod-api/auth/info'));
    await expect.poll(async () => (await lists()).length).toBe(V2_MAX_ENTRIES);
    // The session's own info is kept apart: lists never evict it (the console needs it offline).
    expect((await cachedListKeys(page)).filter((k) => k.includes('/prod-api/auth/info'))).toHaveLength(1);

    await context.setOffline(true);
    await page.goto('/web/book?keyword=fifth');
    await page.getByTestId('offline-banner').waitFor();
    await page.goto('/web/book?keyword=first');
    await page.getByTestId('offline-empty').waitFor();
    await context.close();
  });
});
