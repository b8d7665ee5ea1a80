import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_CACHE } from '../../src/sw/protocol/cache-keys';
import { admin, api, baseURL, signIn } from './browser';
import { controlled } from './pwa-helpers';
import { e2eSession } from './session';

/**
 * A list's cover thumbnails cost a few KiB each: the browser is given the image's small copies
 * (`?w=`, WebP) in a srcset and never downloads the original photo.
 */
const session = e2eSession();
const COVERS = 10;
const covers: string[] = [];

/** A photo-like cover (noise compresses badly, as photos do): about 100 KiB as JPEG. */
const photo = (seed: number) =>
  sharp(Buffer.from(Array.from({ length: 600 * 900 * 3 }, (_, i) => (i * (7919 + seed)) % 251)), {
    raw: { width: 600, height: 900, channels: 3 },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

beforeAll(async () => {
  const category = await api<{ id: number }>('/category', {
    body: { name: 'E2E Covers', sort: 9 },
    token: session.token,
  });
  for (let i = 0; i < COVERS; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }), `cover-${i}.jpg`);
    const res = await fetch(`${baseURL()}/prod-api/file/upload/img`, {
      method: 'POST',
      body: form,
      headers: { 'X-Token': session.token },
    });
    const { data } = (await res.json()) as { data: { url: string } };
    covers.push(data.url);
    await api('/book', {
      body: {
        title: `Covered volume ${i + 1}`,
        author: 'Iris E2E',
        categoryId: category.id,
        coverUrl: data.url,
        stock: 2,
        status: 'on_shelf',
      },
      token: session.token,
    });
  }
});

async function imageTraffic(viewport: { width: number; height: number }, phone: boolean) {
  const context = await session.browser.newContext({
    baseURL: baseURL(),
    viewport,
    deviceScaleFactor: 2,
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-US',
  });
  const page: Page = await context.newPage();
  const images: { url: string; bytes: number; type: string | null }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().includes('/files/images/')) return;
    pending.push(
      res.body().then((b) => {
        images.push({ url: res.url(), bytes: b.length, type: res.headers()['content-type'] ?? null });
      }),
    );
  });
  await page.goto(`/login?redirect=${encodeURIComponent('/web/book?keyword=Covered')}`);
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/web/book');
  await page.getByText('Covered volume 1', { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return images;
}

describe('list thumbnails', () => {
  it('a laptop at 2× loads every cover as its small WebP copy: a few KiB each, no original', async () => {
    const images = await imageTraffic({ width: 1366, height: 900 }, false);
    expect(images.length).toBeGreaterThanOrEqual(COVERS);
    for (const img of images) {
      expect(img.url, 'asks for a copy').toMatch(/\?w=160$/);
      expect(img.type).toBe('image/webp');
      expect(img.bytes, img.url).toBeLessThan(8 * 1024);
    }
    const total = images.reduce((n, i) => n + i.bytes, 0);
    // The originals are about 100 KiB each.
    expect(total).toBeLessThan(60 * 1024);
  });

  it('a phone at 2× never downloads an original either', async () => {
    const images = await imageTraffic({ width: 390, height: 844 }, true);
    for (const img of images) expect(img.url).toMatch(/\?w=\d+$/);
    expect(images.reduce((n, i) => n + i.bytes, 0)).toBeLessThan(60 * 1024);
  });
});

describe('the offline cache', () => {
  it('keeps the small copies the list showed, not the originals, and shows them offline', async () => {
    const context = await session.browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1366, height: 900 },
      deviceScaleFactor: 2,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent('/web/book?keyword=Covered')}`);
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/web/book');
    await controlled(page);
    // Controlled from here on: the list's covers now go through the worker and into its cache.
    await page.reload();
    await page.getByText('Covered volume 1', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const cached = async () =>
      page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), IMAGE_CACHE);
    await expect.poll(async () => (await cached()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(COVERS);
    const urls = await cached();
    for (const url of urls) expect(url, 'a small copy').toMatch(/\?w=\d+$/);
    for (const original of covers) expect(urls).not.toContain(new URL(original, baseURL()).href);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Covered volume 1', { exact: true }).first().waitFor();
    const shown = await page.evaluate(
      () =>
        [...document.querySelectorAll('img')].filter(
          (i) => i.currentSrc.includes('/files/images/') && i.complete && i.naturalWidth > 0,
        ).length,
    );
    expect(shown, 'covers shown offline from the cache').toBeGreaterThanOrEqual(COVERS);
    await context.close();
  });
});
