/**
 * Screenshots of every screen in the four languages at 1280 and 900 px wide, on the demo site, for
 * looking at clipping by eye; it also lists what it can measure: status badges, column headers and
 * buttons whose text is wider than their box. Usage: `npx vite build && npx tsx tests/e2e/screenshots.ts`
 * (SCREENS_LANGS=es,ja and SCREENS_WIDTHS=900 narrow it). Written to tests/e2e/artifacts/screens/
 * (git-ignored).
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
import { clippedTexts } from './clipping';

const OUT = 'tests/e2e/artifacts/screens';
const langs = (process.env.SCREENS_LANGS?.split(',') ?? ['en', 'zh', 'es', 'ja']) as Language[];
const widths = (process.env.SCREENS_WIDTHS?.split(',') ?? ['1280', '900']).map(Number);

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
      const context = await variantContext(browser, server.url, { language, dark: false }, { width, height: 800 });
      const page = await context.newPage();
      await page.goto('/login');
      await settled(page);
      await page.screenshot({ path: join(OUT, `${language}-${width}-login.png`) });
      await signInAnyLanguage(page);
      for (const path of [...CONSOLE_SCREENS, '/401', '/404']) {
        await go(page, path);
        const name = path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(OUT, `${language}-${width}-${name}.png`) });
        shots++;
        for (const c of await clippedTexts(page)) clipped.push(`${language} ${width} ${path}: ${c}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${shots} screenshots in ${OUT}`);
console.log(clipped.length ? `clipped:\n${clipped.join('\n')}` : 'nothing clipped');
