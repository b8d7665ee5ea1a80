/// <reference lib="dom" />
/**
 * Cold page loads as a phone user meets them, page by page: sign-in, Home, Books and News with its
 * form open, each in a fresh browser context (empty HTTP cache, no service worker: what the page
 * itself needs), signed in through the session cookie where the page needs it.
 *
 * Per page: gzip (level 9) JS+CSS the page requested, every request it made, workers it started,
 * CLS (the largest session window, as Chromium's web-vitals count it), LCP and long tasks
 * (> 50 ms) from the page's own PerformanceObservers, at a desktop and a phone viewport. The same
 * for a plain Vite + React + Mantine reference page built in the same run (bench/reference.ts).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { clsOf } from '../tests/e2e/cls';

export const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

export interface Viewport {
  name: 'desktop' | 'mobile';
  width: number;
  height: number;
  isMobile: boolean;
}

export const VIEWPORTS: Viewport[] = [
  { name: 'desktop', width: 1280, height: 800, isMobile: false },
  { name: 'mobile', width: 390, height: 844, isMobile: true },
];

export interface PageLoad {
  js: number;
  css: number;
  /** JS and CSS files. */
  files: number;
  /** Every request the page made (documents, scripts, styles, API, images, workers). */
  requests: number;
  /** Worker scripts the page downloaded and started (dedicated and shared; the service worker is blocked). */
  workers: string[];
  /** Gzip bytes of those workers' scripts (not counted in `js`). */
  workerBytes: number;
  /** Asset paths, for tests and for reading where the bytes go. */
  assets: string[];
  cls: number;
  lcp: number;
  longTasks: number;
  longTaskMs: number;
}

/**
 * Installed before any page script: layout shifts, LCP and long tasks, buffered from the start.
 * Source text, not a function: tsx's name-keeping helpers (`__name`) would not exist in the page.
 */
const OBSERVERS = `(() => {
  const v = { shifts: [], lcp: 0, long: [] };
  window.__vitals = v;
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {}
  };
  observe('layout-shift', (e) => { if (!e.hadRecentInput) v.shifts.push({ t: e.startTime, v: e.value }); });
  observe('largest-contentful-paint', (e) => { v.lcp = e.startTime; });
  observe('longtask', (e) => { v.long.push(e.duration); });
})();`;

const gzCache = new Map<string, number>();
async function gzipSize(file: string): Promise<number> {
  const known = gzCache.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(await readFile(file), { level: 9 }).length;
  gzCache.set(file, size);
  return size;
}

export interface Target {
  /** The served build folder the asset paths resolve in. */
  dist: string;
  /** The site's base URL path ('/' for Lectern). */
  base?: string;
}

/**
 * One cold load in a fresh context: `open` navigates and does whatever the page is measured with
 * (opening a form), then the page settles (network idle and a second more for late shifts).
 */
export async function measureLoad(
  browser: Browser,
  target: Target,
  viewport: Viewport,
  open: (page: Page) => Promise<void>,
  cookies: { name: string; value: string; url: string }[] = [],
): Promise<PageLoad> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: viewport.isMobile ? 3 : 1,
    locale: 'en-US',
  });
  try {
    if (cookies.length) await context.addCookies(cookies);
    // The live stream never ends (so the page would never be network idle) and is not part of a
    // cold load (it starts once the page has settled): refused here, the console does not retry.
    await context.route('**/prod-api/events*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50008, msg: 'no live stream in load measurements', data: null }),
      }),
    );
    await context.addInitScript({ content: OBSERVERS });
    const page = await context.newPage();
    const assets = new Set<string>();
    const workers: string[] = [];
    let requests = 0;
    page.on('request', (r) => {
      requests++;
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname)) assets.add(u.pathname);
    });
    // Workers whose code the page downloads: the boot script's formatter warm-up (a few inline
    // lines from a blob: URL, public/console-boot.js) downloads nothing.
    page.on('worker', (w) => {
      if (!w.url().startsWith('blob:')) workers.push(new URL(w.url()).pathname);
    });
    await open(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    const vitals = await page.evaluate(
      () =>
        (window as unknown as { __vitals: { shifts: { t: number; v: number }[]; lcp: number; long: number[] } })
          .__vitals,
    );
    const base = target.base ?? '/';
    let js = 0;
    let css = 0;
    let workerBytes = 0;
    for (const p of assets) {
      const size = await gzipSize(resolve(target.dist, p.slice(base.length)));
      if (workers.includes(p)) workerBytes += size;
      else if (p.endsWith('.css')) css += size;
      else js += size;
    }
    return {
      js,
      css,
      files: [...assets].filter((p) => !workers.includes(p)).length,
      requests,
      workers,
      workerBytes,
      assets: [...assets].sort(),
      cls: clsOf(vitals.shifts),
      lcp: vitals.lcp,
      longTasks: vitals.long.length,
      longTaskMs: vitals.long.reduce((a, b) => a + b, 0),
    };
  } finally {
    await context.close();
  }
}

/** Medians of `runs` cold loads (bytes and requests are the same every run; the timings are not). */
export async function measureMedian(
  runs: number,
  load: () => Promise<PageLoad>,
): Promise<PageLoad & { clsMax: number }> {
  const all: PageLoad[] = [];
  for (let i = 0; i < runs; i++) all.push(await load());
  const last = all[all.length - 1] as PageLoad;
  return {
    ...last,
    requests: median(all.map((r) => r.requests)),
    cls: median(all.map((r) => r.cls)),
    clsMax: Math.max(...all.map((r) => r.cls)),
    lcp: median(all.map((r) => r.lcp)),
    longTasks: median(all.map((r) => r.longTasks)),
    longTaskMs: median(all.map((r) => r.longTaskMs)),
  };
}
