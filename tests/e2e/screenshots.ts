/**
 * Screenshots of every screen in the four languages at a phone's, a tablet's and a laptop's width,
 * on the demo site, for looking at layouts by eye; it also lists what the layout audit measures
 * (layout-checks.ts) on each. Usage: `npx vite build && npx tsx tests/e2e/screenshots.ts`
 * (SCREENS_LANGS=es,ja, SCREENS_WIDTHS=390,1366, SCREENS_PATHS=/web/book,/web/news and SCREENS_DARK=1
 * narrow or vary it; SCREENS_OUT another folder; LECTERN_DIST names another build). Each screen is shot once it has settled (its data in, nothing moving).
 * Written to tests/e2e/artifacts/screens/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  CONSOLE_SCREENS,
  go,
  type Language,
  settled,
  signInAnyLanguage,
  startDemoServer,
  variantContext,
} from './a11y-helpers';
import { layoutDefects } from './layout-checks';

const OUT = process.env.SCREENS_OUT ?? 'tests/e2e/artifacts/screens';
const langs = (process.env.SCREENS_LANGS?.split(',') ?? ['en', 'zh', 'es', 'ja']) as Language[];
const widths = (process.env.SCREENS_WIDTHS?.split(',') ?? ['390', '768', '1366']).map(Number);
const dark = process.env.SCREENS_DARK === '1';
const paths = process.env.SCREENS_PATHS?.split(',');
const HEIGHTS: Record<number, number> = { 390: 844, 768: 1024, 1366: 768, 1920: 1080 };

mkdirSync(OUT, { recursive: true });
const server = await startDemoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const clipped: string[] = [];
let shots = 0;
try {
  for (const language of langs) {
    for (const width of widths) {
      const context = await variantContext(
        browser,
        server.url,
        { language, dark },
        { width, height: HEIGHTS[width] ?? 800 },
      );
      const tag = `${language}${dark ? '-dark' : ''}-${width}`;
      const page = await context.newPage();
      await page.goto('/login');
      await settled(page);
      await page.screenshot({ path: join(OUT, `${tag}-login.png`) });
      await signInAnyLanguage(page);
      await settled(page);
      // The record pages of the demo's first book and reader, beside the menu's screens.
      for (const path of paths ?? [...CONSOLE_SCREENS, '/web/book/1', '/users/user/1', '/401', '/404']) {
        await go(page, path);
        // The screen's code may still be loading after the URL changed (the old screen is gone at
        // once): wait until the new one has drawn something, then until it has its data.
        await page
          .waitForFunction(
            () => (document.querySelector('#main-content')?.textContent ?? '').trim().length > 0,
            undefined,
            { timeout: 15_000 },
          )
          // The error pages (401, 404) are drawn without the console's frame.
          .catch(() => undefined);
        await settled(page);
        const name = path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(OUT, `${tag}-${name}.png`) });
        shots++;
        for (const d of await layoutDefects(page, { phone: width < 500 }))
          clipped.push(`${tag} ${path}: ${d.kind}: ${d.detail}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${shots} screenshots in ${OUT}`);
console.log(clipped.length ? `layout defects:\n${clipped.join('\n')}` : 'no layout defects');
