/// <reference lib="dom" />
/**
 * Cover bytes on a cold Books page: ten books whose covers are photo-like JPEGs (about 100 KiB each,
 * as a phone's photo cropped to a cover would be), opened on a phone and a laptop at 2× density in a
 * fresh context (empty HTTP cache), scrolled to the end so every cover loads. The page asks for the
 * covers' small copies (`?w=`, WebP); the originals' total is the same page without them.
 */
import sharp from 'sharp';
import { launch } from './chromium';
import { kib, median } from './pages';
import { startDemoServer } from './server';

const COVERS = 10;
const RUNS = 5;
/** The budget for ten covers at 2× on a phone (docs/performance.md). */
const PHONE_BUDGET = 60 * 1024;

/** Noise compresses badly, as photos do: about 300 KiB as JPEG at 600 × 900. */
const photo = (seed: number) =>
  sharp(Buffer.from(Array.from({ length: 600 * 900 * 3 }, (_, i) => (i * (7919 + seed)) % 251)), {
    raw: { width: 600, height: 900, channels: 3 },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

const VIEWPORTS = [
  { name: 'phone 390 × 844', width: 390, height: 844, mobile: true },
  { name: 'laptop 1366 × 768', width: 1366, height: 768, mobile: false },
];

export async function benchImages(): Promise<string> {
  const server = await startDemoServer('bench-images');
  const browser = await launch();
  try {
    const token = await server.signIn();
    const call = async <T>(path: string, body: unknown) => {
      const res = await fetch(`${server.url}/prod-api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Token': token },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: T }).data;
    };
    const category = await call<{ id: number }>('/category', { name: 'Bench covers', sort: 99 });
    let originals = 0;
    for (let i = 0; i < COVERS; i++) {
      const bytes = await photo(i);
      originals += bytes.length;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `cover-${i}.jpg`);
      const res = await fetch(`${server.url}/prod-api/file/upload/img`, {
        method: 'POST',
        body: form,
        headers: { 'X-Token': token },
      });
      const { data } = (await res.json()) as { data: { url: string } };
      await call('/book', {
        title: `Bench cover ${i + 1}`,
        author: 'Bench',
        categoryId: category.id,
        coverUrl: data.url,
        stock: 1,
        status: 'on_shelf',
      });
    }

    const rows: string[] = [];
    for (const vp of VIEWPORTS) {
      const bytes: number[] = [];
      const counts: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: vp.width, height: vp.height },
          deviceScaleFactor: 2,
          isMobile: vp.mobile,
          hasTouch: vp.mobile,
          locale: 'en-US',
          serviceWorkers: 'block',
        });
        await context.addCookies([{ name: 'Authorization', value: await server.signIn(), url: server.url }]);
        const page = await context.newPage();
        const sizes: Promise<number>[] = [];
        page.on('response', (res) => {
          if (new URL(res.url()).pathname.includes('/files/images/')) sizes.push(res.body().then((b) => b.length));
        });
        await page.goto('/web/book?keyword=Bench%20cover');
        await page.getByText(`Bench cover ${COVERS}`, { exact: true }).first().waitFor();
        // Lazy covers below the fold load as the list scrolls: the whole page's covers count.
        for (let y = 0; y < 20; y++) {
          await page.mouse.wheel(0, vp.height);
          await page.waitForTimeout(100);
        }
        // Not `networkidle`: the console keeps its event stream open. Every cover drawn is enough.
        await page.waitForFunction(
          (n) => {
            const covers = Array.from(document.querySelectorAll('img')).filter((i) =>
              i.currentSrc.includes('/files/images/'),
            );
            return covers.length >= n && covers.every((i) => i.complete);
          },
          COVERS,
          { timeout: 30_000 },
        );
        const all = await Promise.all(sizes);
        bytes.push(all.reduce((a, b) => a + b, 0));
        counts.push(all.length);
        await context.close();
      }
      const m = median(bytes);
      rows.push(
        `| ${vp.name} | ${median(counts)} | ${kib(m)} | ${kib(originals)} | ${(m / originals).toFixed(3)} | ${
          vp.mobile ? `${m <= PHONE_BUDGET ? '✓' : '✗'} ≤ ${kib(PHONE_BUDGET)}` : '—'
        } |`,
      );
    }
    return [
      `### Cover images on a cold Books page (${COVERS} photo covers, 2× density, median of ${RUNS})`,
      '',
      '| viewport | covers asked | image bytes | originals | ratio | budget |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
  }
}
