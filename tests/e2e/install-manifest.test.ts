import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, baseURL, newContext, signIn } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { controlled } from './pwa-helpers';
import { e2eSession } from './session';

/*
 * The built manifest (what `vite build` wrote, LECTERN_DIST) as the installed app needs it: the
 * share target, file handlers, launch handler, shortcuts with their icons and the screenshots of
 * the richer install sheet, every file it names present in the build; and Chromium reads it all
 * without a complaint.
 */

const session = e2eSession({ token: false });
const dist = process.env.LECTERN_DIST ?? 'dist';

interface Manifest {
  description: string;
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { title?: string; files: { name: string; accept: string[] }[] };
  };
  launch_handler: { client_mode: string[] };
  file_handlers: { action: string; accept: Record<string, string[]> }[];
  shortcuts: { name: string; url: string; icons: { src: string; sizes: string; type: string }[] }[];
  screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
}

const manifest = (): Manifest => JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8')) as Manifest;
/** A file the manifest names, in the build (the base path is the build's `base`). */
const built = (src: string) => join(dist, src.replace(/^\//, ''));
const pngSize = (path: string) => {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
};

describe('the built manifest', () => {
  it('takes shared videos and images as a multipart POST', () => {
    const { share_target } = manifest();
    expect(share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(share_target.params.files).toEqual([{ name: 'files', accept: ['video/*', 'image/*'] }]);
    expect(share_target.params.title).toBe('title');
  });

  it('focuses the running window and opens video and image files into their screens', () => {
    const m = manifest();
    expect(m.launch_handler).toEqual({ client_mode: ['focus-existing', 'auto'] });
    const byAction = Object.fromEntries(m.file_handlers.map((h) => [h.action, Object.keys(h.accept)]));
    expect(byAction['/web/video-upload']).toEqual(
      expect.arrayContaining(['video/mp4', 'video/quicktime', 'video/webm']),
    );
    expect(byAction['/users/image']).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
  });

  it('has shortcuts whose icons are in the build at their stated size', () => {
    const { shortcuts } = manifest();
    expect(shortcuts.map((s) => s.url)).toEqual(['/web/video-upload', '/users/apply', '/users/online', '/web/book']);
    for (const s of shortcuts) {
      expect(s.icons.length).toBeGreaterThan(0);
      for (const icon of s.icons) {
        expect(existsSync(built(icon.src)), icon.src).toBe(true);
        expect(pngSize(built(icon.src))).toBe(icon.sizes);
      }
    }
  });

  it('has a description and narrow and wide screenshots of their stated sizes, not precached', () => {
    const { screenshots, description } = manifest();
    expect(description.length).toBeGreaterThan(40);
    expect(new Set(screenshots.map((s) => s.form_factor))).toEqual(new Set(['narrow', 'wide']));
    for (const s of screenshots) {
      expect(s.label).toBeTruthy();
      expect(s.type).toBe('image/png');
      expect(pngSize(built(s.src))).toBe(s.sizes);
      const [w = 0, h = 0] = s.sizes.split('x').map(Number);
      // Chrome's rules for the richer install sheet: 320–3840 px, the long side at most 2.3× the short.
      expect(Math.min(w, h)).toBeGreaterThanOrEqual(320);
      expect(Math.max(w, h) / Math.min(w, h)).toBeLessThanOrEqual(2.3);
      expect(s.sizes).toBe(s.form_factor === 'narrow' ? '390x844' : '1366x768');
    }
    // A few hundred KB only the install sheet reads: not part of the precached shell.
    const precached = [...readFileSync(join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
    expect(precached).toContain('shortcuts/upload.png');
    expect(precached.filter((u) => u?.startsWith('screenshots/'))).toEqual([]);
  });

  it('gives iOS its home-screen tags in both documents', () => {
    for (const doc of ['index.html', 'login.html']) {
      const html = readFileSync(join(dist, doc), 'utf8');
      expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
      expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Lectern"');
      expect(html).toMatch(/<meta name="apple-mobile-web-app-status-bar-style" content="[a-z-]+"/);
      expect(html).toMatch(/<link rel="apple-touch-icon" href="[^"]+\.png"/);
    }
  });

  it('is read by Chromium without errors: share target, launch handler, shortcuts, screenshots', async () => {
    const page = await (await newContext(session.browser)).newPage();
    await page.goto('/login');
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      manifest?: {
        shareTarget?: { action: string; method: string };
        shortcuts?: { url: string }[];
        screenshots?: { formFactor: string }[];
        launchHandler?: { clientMode: string };
      };
    };
    expect(parsed.errors).toEqual([]);
    const m = parsed.manifest;
    // The protocol's view of the parsed manifest (file_handlers are parsed only where the
    // platform supports File Handling, so they are checked in the built file above).
    expect(m?.shareTarget?.action).toMatch(/\/share-target$/);
    expect(m?.launchHandler?.clientMode).toBe('kFocusExisting');
    expect(m?.shortcuts?.map((s) => new URL(s.url).pathname)).toEqual([
      '/web/video-upload',
      '/users/apply',
      '/users/online',
      '/web/book',
    ]);
    expect(m?.screenshots?.map((s) => s.formFactor)).toEqual(['kNarrow', 'kNarrow', 'kWide', 'kWide']);
    await page.context().close();
  });
});

async function signedInOnHome(page: Page): Promise<void> {
  await page.goto('/login?redirect=/index');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/index');
  await controlled(page);
}

describe('Install app', () => {
  it('is in the account menu once the browser offers to install, and opens its install dialog', async () => {
    // A real profile (an incognito window is never installable), without the engagement the
    // browser otherwise waits for before it offers.
    const profile = await mkdtemp(join(tmpdir(), 'lectern-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
      baseURL: baseURL(),
      locale: 'en-US',
    });
    const page = await context.newPage();
    // Notes the browser's offer and when the console calls its prompt (the real one still runs).
    await page.addInitScript(() =>
      window.addEventListener('beforeinstallprompt', (e) => {
        const w = window as unknown as { offered: boolean; prompted: boolean };
        w.offered = true;
        const event = e as Event & { prompt: () => Promise<void> };
        const prompt = event.prompt.bind(event);
        event.prompt = () => {
          w.prompted = true;
          return prompt();
        };
      }),
    );
    await signedInOnHome(page);
    await page.waitForFunction(() => (window as unknown as { offered?: boolean }).offered, undefined, {
      timeout: 30_000,
    });
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Install app' }).click();
    // The browser's own install dialog takes over (modal: the page gets no input until it closes).
    await page.waitForFunction(() => (window as unknown as { prompted?: boolean }).prompted, undefined, {
      timeout: 10_000,
    });
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });

  it('is not there when the browser does not offer it (an incognito window)', async () => {
    const page = await (await newContext(session.browser)).newPage();
    await signedInOnHome(page);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await page.context().close();
  });
});
