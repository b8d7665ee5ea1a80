/**
 * `npm run bench lighthouse` (or `tsx bench/lighthouse.ts`): Lighthouse and offline figures, against a real
 * Lectern server (LECTERN_DIST, default dist/) with the demo data, in Debian Chromium.
 *
 * - Lighthouse 12 (npm) on the sign-in page, and on Home, Books and News after sign-in (the
 *   session cookie is set through the DevTools protocol before the run, so the page loads cold:
 *   Lighthouse still clears the service worker and Cache Storage), and on the plain Vite + React +
 *   Mantine reference page built in the same run (bench/reference.ts); desktop and mobile presets,
 *   categories performance, accessibility and best practices. LECTERN_BENCH_LH_RUNS (default 3)
 *   runs each: the performance score and the metrics are medians (0 skips Lighthouse). A
 *   navigation cannot open a form: News is measured as its list; bench/bundle.ts measures it with
 *   its form open.
 * - Time to show a cached list: Books reloaded online (network first, answered by the server) and
 *   offline (context.setOffline: the service worker answers from its cache), from the reload to
 *   the first row on screen; median of LECTERN_BENCH_OFFLINE_RUNS (default 7).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launch } from './chromium';
import { startReference } from './reference';
import { signIn, startDemoServer } from './server';

const LH_RUNS = Number(process.env.LECTERN_BENCH_LH_RUNS ?? 3);
const OFFLINE_RUNS = Number(process.env.LECTERN_BENCH_OFFLINE_RUNS ?? 7);
// LECTERN_BENCH_LH_PAGES=home,books: only those pages (by the start of their name), to measure one change.
const PAGES = process.env.LECTERN_BENCH_LH_PAGES?.split(',').map((w) => w.trim().toLowerCase());
// LECTERN_BENCH_LH_DEVICES=mobile: only that preset.
const DEVICES = (process.env.LECTERN_BENCH_LH_DEVICES?.split(',') ?? ['desktop', 'mobile']) as ('desktop' | 'mobile')[];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Scores = Record<(typeof CATEGORIES)[number], number>;
interface Metrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/** One Lighthouse run in a fresh Chromium; `cookie` signs the page in first. */
async function audit(
  url: string,
  device: 'desktop' | 'mobile',
  cookie?: string,
): Promise<{ scores: Scores; failed: string[]; metrics: Metrics }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // One renderer process: Lighthouse starts tracing on about:blank, and Chromium otherwise moves
    // the page to a new renderer process for the navigation (every trace showed it). On a busy
    // machine that process can start late enough that its navigationStart is missing from the
    // trace, and Lighthouse fails with NO_NAVSTART (any page, the sign-in page included). With
    // the page in the process being traced from the start, nothing is lost; one page per browser,
    // so nothing else shares it.
    chromeFlags: [...CHROMIUM_ARGS, '--renderer-process-limit=1'],
  });
  try {
    if (cookie) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]?.addCookies([{ name: 'Authorization', value: cookie, url: new URL(url).origin }]);
      await cdp.close();
    }
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
    const result = await lighthouse(url, flags, device === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    // LECTERN_BENCH_LH_DUMP=folder keeps each full report (which elements failed, and why).
    const dump = process.env.LECTERN_BENCH_LH_DUMP;
    if (dump) {
      mkdirSync(dump, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${device}-${Date.now()}.json`;
      writeFileSync(join(dump, name), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Scores;
    // What kept a category below 100 (failing audits with a weight), for the README.
    const failed = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => `${c}: ${r.id}`),
    );
    const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    const metrics = {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
    return { scores, failed, metrics };
  } finally {
    chrome.kill();
  }
}

/**
 * Should Lighthouse still fail to record a trace (NO_NAVSTART and the like, see `audit`), the run
 * is made again, up to 3 attempts; the table counts them, so a retry is never hidden.
 */
const retried: string[] = [];
async function auditRetrying(...args: Parameters<typeof audit>): ReturnType<typeof audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(...args);
    } catch (e) {
      retried.push(
        `${new URL(args[0]).pathname} ${args[1]}: ${(e as Error).message.replace(/.*\(([A-Z_]+)\)$/, '$1')}`,
      );
      if (attempt >= 3) throw e;
      console.error(`[bench] lighthouse ${args[0]} ${args[1]}: ${(e as Error).message}; again`);
    }
  }
}

async function lighthouseTable(origin: string, referenceUrl: string): Promise<string> {
  const cookie = await signIn(origin);
  const pages = [
    { name: 'Sign-in', url: `${origin}/login`, cookie: undefined },
    { name: 'Home (signed in)', url: `${origin}/index`, cookie },
    { name: 'Books (signed in)', url: `${origin}/web/book`, cookie },
    { name: 'News list (signed in)', url: `${origin}/web/news`, cookie },
    { name: 'Vite + React + Mantine reference', url: referenceUrl, cookie: undefined },
  ].filter((p) => !PAGES || PAGES.some((w) => p.name.toLowerCase().startsWith(w)));
  const rows: string[] = [];
  const notes = new Set<string>();
  const ms = (n: number) => `${Math.round(n)} ms`;
  for (const page of pages) {
    for (const device of DEVICES) {
      const runs: { scores: Scores; metrics: Metrics }[] = [];
      for (let i = 0; i < LH_RUNS; i++) {
        const result = await auditRetrying(page.url, device, page.cookie);
        runs.push(result);
        for (const f of result.failed) notes.add(`${page.name} ${device} — ${f}`);
      }
      const med = (f: (r: { scores: Scores; metrics: Metrics }) => number) => median(runs.map(f));
      const perf = runs.map((r) => r.scores.performance);
      const last = runs[runs.length - 1]?.scores as Scores;
      rows.push(
        `| ${page.name} | ${device} | **${med((r) => r.scores.performance)}** (${Math.min(...perf)}–${Math.max(...perf)}) | ${last.accessibility} | ${last['best-practices']} | ${ms(med((r) => r.metrics.fcp))} | ${ms(med((r) => r.metrics.lcp))} | ${ms(med((r) => r.metrics.tbt))} | ${med((r) => r.metrics.cls).toFixed(3)} |`,
      );
    }
  }
  return [
    `Lighthouse 12 (${LH_RUNS} run${LH_RUNS > 1 ? 's: medians, performance range in brackets' : ''}; default presets: mobile = simulated slow 4G and 4× CPU, desktop = desktop preset):`,
    '',
    '| page | device | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    ...(notes.size ? ['', 'Audits below full marks:', ...[...notes].map((n) => `- ${n}`)] : []),
    '',
    retried.length
      ? `Runs Lighthouse could not record and ran again: ${retried.length} (${retried.join('; ')}).`
      : 'Every Lighthouse run recorded its trace at the first attempt.',
  ].join('\n');
}

/** Reload Books and time until the first row shows, online (server) and offline (worker's cache). */
async function offlineTiming(origin: string): Promise<string> {
  const browser = await launch();
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await context.addCookies([{ name: 'Authorization', value: await signIn(origin), url: origin }]);
    // A first visit installs the service worker once signed in and idle.
    await page.goto('/web/book');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
    await page.reload();
    await page.getByTestId('resource-row').first().waitFor();
    // From the navigation start (the page's own clock): the list's answer, and the first row drawn.
    const time = async () => {
      await page.reload();
      await page.waitForFunction(() => document.querySelector('[data-testid="resource-row"]'), undefined, {
        polling: 'raf',
      });
      return page.evaluate(() => {
        const list = performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === '/prod-api/book/page') as PerformanceResourceTiming | undefined;
        return { row: performance.now(), answer: list ? list.responseEnd - list.startTime : Number.NaN };
      });
    };
    const online: { row: number; answer: number }[] = [];
    const offline: { row: number; answer: number }[] = [];
    for (let i = 0; i < OFFLINE_RUNS; i++) {
      await context.setOffline(false);
      online.push(await time());
      await context.setOffline(true);
      offline.push(await time());
      // The banner loads with the first offline answer (from the precache): wait for it.
      await page
        .getByTestId('offline-banner')
        .waitFor({ timeout: 10_000 })
        .catch(() => {
          throw new Error('offline reload was not served from the cache');
        });
    }
    await context.setOffline(false);
    return [
      `Books reloaded, medians of ${OFFLINE_RUNS} (loopback server, desktop viewport, ms from navigation start):`,
      '',
      '| | list answer (request → response) | first row on screen |',
      '| --- | ---: | ---: |',
      `| online (network first, the server answers) | ${Math.round(median(online.map((x) => x.answer)))} | ${Math.round(median(online.map((x) => x.row)))} |`,
      `| offline (the service worker's cache answers) | ${Math.round(median(offline.map((x) => x.answer)))} | ${Math.round(median(offline.map((x) => x.row)))} |`,
    ].join('\n');
  } finally {
    await browser.close();
  }
}

export async function benchLighthouse(): Promise<string> {
  const server = await startDemoServer('bench-lh');
  const reference = await startReference();
  try {
    const table =
      LH_RUNS > 0 ? await lighthouseTable(server.url, reference.url) : 'Lighthouse skipped (LECTERN_BENCH_LH_RUNS=0).';
    // A failure here must not lose the Lighthouse table above (a quarter of an hour of runs).
    const timing =
      OFFLINE_RUNS <= 0
        ? 'Offline timing skipped (LECTERN_BENCH_OFFLINE_RUNS=0).'
        : await offlineTiming(server.url).catch((e: unknown) => `Offline timing failed: ${String(e)}`);
    return `## PWA: Lighthouse and the offline list\n\n${table}\n\n${timing}`;
  } finally {
    await reference.stop();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchLighthouse());
}
