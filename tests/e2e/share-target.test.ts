import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { admin, api, newContext, signIn } from './browser';
import { controlled } from './pwa-helpers';
import { e2eSession } from './session';

/*
 * "Share to Lectern" and launches of the installed app, in Chromium against the built console and
 * the real server. A share is what the system share sheet does: a multipart POST navigation to the
 * manifest's share_target action, here from a form on a page the service worker controls; the
 * worker keeps the files and answers 303 with the screen. The upload then really completes: the
 * stored object's MD5 is the shared file's.
 */

const session = e2eSession();

interface Shared {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const MiB = 1024 * 1024;
const uid = () => randomUUID().slice(0, 8);

function video(name: string, bytes = 2 * MiB): Shared {
  return { name, mimeType: 'video/mp4', buffer: randomBytes(bytes) };
}

/** A real 1×1 PNG, padded (a PNG ignores bytes after IEND) to the size asked for. */
function png(name: string, bytes = 0): Shared {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.concat([pixel, Buffer.alloc(Math.max(0, bytes - pixel.length))]),
  };
}

/** Shares the files as the share sheet does: a multipart POST navigation to the action. */
async function share(page: Page, files: Shared[], title?: string): Promise<void> {
  await page.evaluate((t) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    form.id = 'share-test';
    form.innerHTML = '<input type="file" name="files" multiple><input type="hidden" name="title">';
    (form.elements.namedItem('title') as HTMLInputElement).value = t ?? '';
    document.body.append(form);
  }, title);
  await page.locator('#share-test input[type=file]').setInputFiles(files);
  await page.evaluate(() => (document.getElementById('share-test') as HTMLFormElement).submit());
}

/** A signed-in admin page on Books with the worker in control (a share reaches it only then). */
async function controlledPage(locale?: 'es'): Promise<Page> {
  const page = await (await newContext(session.browser)).newPage();
  await page.goto('/login?redirect=/web/book');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/web/book');
  await controlled(page);
  if (locale === 'es') {
    await page.getByRole('banner').getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Idioma', exact: true }).waitFor();
  }
  return page;
}

const item = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const waitingShared = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lectern-shared');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) return resolve(0);
          const req = db.transaction('files').objectStore('files').count();
          req.onsuccess = () => resolve(req.result);
        };
      }),
  );

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : [join(dir, e.name)],
  );
}
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** MD5s of the stored files of this size in the e2e server's data folder. */
const storedMd5s = (size: number) =>
  filesOf(inject('dataDir'))
    .filter((f) => statSync(f).size === size)
    .map((f) => md5(readFileSync(f)));

interface VideoRow {
  title: string;
  fileName: string;
  status: string;
}
const videoNamed = async (fileName: string) =>
  (await session.page<VideoRow>('/video', { keyword: fileName })).items.find((v) => v.fileName === fileName);
const imageNamed = async (fileName: string) =>
  (
    await api<{ items: { fileName: string; size: number }[] }>('/image/page', {
      body: { pageNum: 1, pageSize: 50, keyword: fileName },
      token: session.token,
    })
  ).items.find((i) => i.fileName === fileName);

async function uploadAndCheck(page: Page, src: Shared, title: string): Promise<void> {
  await page.getByTestId('upload-start').click();
  await expect.poll(() => item(page, src.name).getAttribute('data-state'), { timeout: 60_000 }).toBe('Success');
  expect(storedMd5s(src.buffer.length)).toContain(md5(src.buffer));
  await expect.poll(async () => (await videoNamed(src.name))?.title, { timeout: 10_000 }).toBe(title);
}

describe('share to Lectern', () => {
  it('a shared video opens the upload queue, titled as shared, and uploads to the server', async () => {
    const page = await controlledPage();
    const clip = video(`shared-${uid()}.mp4`);
    const title = `Reading hour ${uid()}`;
    await share(page, [clip], title);
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await item(page, clip.name).waitFor();
    await expect.poll(() => item(page, clip.name).getByLabel('Title').inputValue()).toBe(title);
    expect(await waitingShared(page)).toBe(0);
    await uploadAndCheck(page, clip, title);
    await page.context().close();
  });

  it('signed out: the shared files wait through the sign-in, then go to the queue and the image library', async () => {
    const page = await controlledPage();
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('tab', { name: 'Staff' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const clip = video(`signed-out-${uid()}.mp4`, MiB);
    const picture = png(`signed-out-${uid()}.png`, 2048);
    await share(page, [clip, picture]);
    // The queue's screen needs a session: the sign-in page, with the way back to it.
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/web/video-upload');
    await page.getByRole('tab', { name: 'Staff' }).waitFor();
    await page.waitForLoadState('load');
    expect(await waitingShared(page)).toBe(2);

    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await item(page, clip.name).waitFor();
    // The title is the file's name; the image waits for its own screen, and the user is told.
    await expect.poll(() => item(page, clip.name).getByLabel('Title').inputValue()).toBe(clip.name.replace('.mp4', ''));
    await page.getByText('1 shared image is waiting in Images.').waitFor();
    await uploadAndCheck(page, clip, clip.name.replace('.mp4', ''));

    await page.goto('/users/image');
    await expect
      .poll(async () => (await imageNamed(picture.name))?.size, { timeout: 20_000 })
      .toBe(picture.buffer.length);
    expect(await waitingShared(page)).toBe(0);
    await page.context().close();
  });

  it('what was shared while signed in does not wait for the next member after sign-out', async () => {
    const page = await controlledPage();
    const clip = video(`mine-${uid()}.mp4`, MiB);
    const picture = png(`mine-${uid()}.png`, 2048);
    await share(page, [clip, picture]);
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await item(page, clip.name).waitFor();
    // The image waits for the image library's screen, which this member never opens.
    expect(await waitingShared(page)).toBe(1);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
    await page.getByRole('tab', { name: 'Staff' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => waitingShared(page), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });

  it('a file of another type or over the limit is named in a translated notice, never dropped unseen', async () => {
    const page = await controlledPage('es');
    const pdf = { name: `minutes-${uid()}.pdf`, mimeType: 'application/pdf', buffer: randomBytes(4096) };
    const big = png(`poster-${uid()}.png`, 6 * MiB);
    const fine = png(`thumb-${uid()}.png`, 1024);
    await share(page, [pdf, big, fine]);
    await page.waitForURL((u) => u.pathname === '/users/image');
    await page.getByText(`${pdf.name} no se añadió: Lectern acepta videos e imágenes PNG, JPEG, WebP o GIF.`).waitFor();
    await page.getByText(`${big.name} no se añadió: las imágenes pueden tener como máximo 5 MiB.`).waitFor();
    // The one that fits is uploaded all the same.
    await expect.poll(async () => (await imageNamed(fine.name))?.size, { timeout: 20_000 }).toBe(fine.buffer.length);
    expect(await imageNamed(big.name)).toBeUndefined();
    expect(await waitingShared(page)).toBe(0);
    await page.context().close();
  });
});

type Consumer = (launch: { files: unknown[]; targetURL: string }) => void;

describe('share to Lectern offline', () => {
  it('an image shared offline waits on the device and is uploaded when the network is back', async () => {
    const page = await controlledPage();
    await page.goto('/users/image');
    await page.getByTestId('image-upload').waitFor();
    const picture = png(`offline-${uid()}.png`, 1024);
    await page.context().setOffline(true);
    await share(page, [picture]);
    await page.waitForURL((u) => u.pathname === '/users/image');
    await page.getByTestId('image-upload').waitFor();
    expect(await waitingShared(page)).toBe(1);
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await imageNamed(picture.name))?.size, { timeout: 20_000 })
      .toBe(picture.buffer.length);
    expect(await waitingShared(page)).toBe(0);
    await page.context().close();
  });
});

describe('launches of the installed app', () => {
  it('a file opened with the app joins the queue like a share; a shortcut moves the running window', async () => {
    const context = await newContext(session.browser);
    // A launch needs an installed app, which a test cannot have: the consumer the console gives the
    // browser's own launch queue is kept for the test to call, with real file handles.
    await context.addInitScript(() => {
      const w = window as unknown as { launchQueue?: { setConsumer(c: unknown): void }; lecternLaunch?: unknown };
      const real = w.launchQueue;
      Object.defineProperty(window, 'launchQueue', {
        configurable: true,
        value: {
          setConsumer(consumer: unknown) {
            w.lecternLaunch = consumer;
            real?.setConsumer(consumer);
          },
        },
      });
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=/web/book');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/web/book');
    await page.waitForFunction(
      () => typeof (window as unknown as { lecternLaunch?: unknown }).lecternLaunch === 'function',
    );

    const name = `opened-${uid()}.mp4`;
    // A FileSystemFileHandle of the origin's private file system: what a launch hands over, with no type.
    await page.evaluate(async (fileName) => {
      const dir = await navigator.storage.getDirectory();
      const handle = await dir.getFileHandle(fileName, { create: true });
      const writable = await handle.createWritable();
      await writable.write(new Uint8Array(300_000).fill(7));
      await writable.close();
      const launch = (window as unknown as { lecternLaunch: Consumer }).lecternLaunch;
      launch({ files: [handle], targetURL: `${location.origin}/web/video-upload` });
    }, name);
    await page.waitForURL((u) => u.pathname === '/web/video-upload');
    await item(page, name).waitFor();
    await expect.poll(() => item(page, name).getByLabel('Title').inputValue()).toBe(name.replace('.mp4', ''));
    expect(await waitingShared(page)).toBe(0);

    // The Applications shortcut while the app runs (focus-existing: no new window, no navigation of its own).
    await page.evaluate(() =>
      (window as unknown as { lecternLaunch: Consumer }).lecternLaunch({
        files: [],
        targetURL: `${location.origin}/users/apply`,
      }),
    );
    await page.waitForURL((u) => u.pathname === '/users/apply');
    await context.close();
  });
});
