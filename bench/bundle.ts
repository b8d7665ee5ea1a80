/// <reference lib="dom" />
/**
 * `npm run bench bundle`: what a phone on a poor network pays for each page, cold (empty HTTP
 * cache, no service worker), against the demo data, next to a plain Vite + React + Mantine page
 * built in the same run (bench/reference.ts).
 *
 * - Pages: sign-in, Home and Books signed in, News with its form open, the reference page; each at
 *   a desktop and a phone viewport, LECTERN_BENCH_PAGE_RUNS (default 3) cold loads each: gzip
 *   JS+CSS, requests, workers started, CLS, LCP, long tasks (medians; CLS also its worst run).
 * - Every console screen, cold, desktop, one load each: gzip JS+CSS and requests.
 * Budgets (checked and printed): Home and every list ≤ 250 KiB with no worker started, CLS ≤ 0.02
 * on Home and Books, sign-in ≤ 100 KiB and ≤ 15 requests.
 */
import type { Page } from 'playwright-core';
import { CONSOLE_SCREENS } from '../tests/e2e/a11y-helpers';
import { launch } from './chromium';
import { kib, measureLoad, measureMedian, type PageLoad, VIEWPORTS } from './pages';
import { startReference } from './reference';
import { startDemoServer } from './server';

const DIST = process.env.LECTERN_DIST ?? 'dist';
const RUNS = Number(process.env.LECTERN_BENCH_PAGE_RUNS ?? 3);
const KiB = 1024;

interface PageDef {
  name: string;
  path: string;
  signedIn: boolean;
  /** What the page is measured with, once it has loaded. */
  ready(page: Page): Promise<void>;
}

const PAGES: PageDef[] = [
  {
    name: 'Sign-in',
    path: '/login',
    signedIn: false,
    ready: (p) => p.getByRole('button', { name: 'Sign in' }).first().waitFor(),
  },
  {
    name: 'Home',
    path: '/index',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('stat-book-value').waitFor();
      await p.getByTestId('chart-activity').locator('svg').first().waitFor();
    },
  },
  {
    name: 'Books',
    path: '/web/book',
    signedIn: true,
    ready: (p) => p.getByTestId('resource-row').first().waitFor(),
  },
  {
    name: 'News, form open',
    path: '/web/news',
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId('resource-row').first().waitFor();
      await p.getByTestId('create-record').click();
      await p.getByRole('dialog').locator('.ProseMirror').waitFor();
    },
  },
];

/**
 * Every screen of the console, cold: the list the accessibility and screenshot sweeps walk, and the
 * record pages (demo data: book 1, reader 1), whose code loads on demand, after the shell's.
 */
const SCREENS = [...CONSOLE_SCREENS, '/web/book/1', '/users/user/1'];

const workersOf = (r: PageLoad) =>
  r.workers.length ? `${r.workers.map((w) => w.replace(/^.*\//, '')).join(', ')} (${kib(r.workerBytes)})` : '–';
const ms = (n: number) => `${Math.round(n)} ms`;
const row = (name: string, viewport: string, r: PageLoad & { clsMax: number }) =>
  `| ${name} | ${viewport} | ${kib(r.js)} | ${kib(r.css)} | **${kib(r.js + r.css)}** | ${r.files} | ${r.requests} | ${workersOf(r)} | ${r.cls.toFixed(3)} (${r.clsMax.toFixed(3)}) | ${ms(r.lcp)} | ${r.longTasks} / ${ms(r.longTaskMs)} |`;

export async function benchBundle(): Promise<string> {
  const server = await startDemoServer('bench-bundle');
  const reference = await startReference();
  const browser = await launch();
  const lines: string[] = [];
  const misses: string[] = [];
  try {
    const cookies = [{ name: 'Authorization', value: await server.signIn(), url: server.url }];
    const pageRows: string[] = [];
    for (const viewport of VIEWPORTS) {
      for (const def of PAGES) {
        const r = await measureMedian(RUNS, () =>
          measureLoad(
            browser,
            { dist: DIST },
            viewport,
            async (page) => {
              await page.goto(server.url + def.path);
              await def.ready(page);
            },
            def.signedIn ? cookies : [],
          ),
        );
        pageRows.push(row(def.name, viewport.name, r));
        const total = r.js + r.css;
        if (def.name === 'Sign-in') {
          if (total > 100 * KiB) misses.push(`sign-in ${viewport.name}: ${kib(total)} > 100 KiB`);
          if (r.requests > 15) misses.push(`sign-in ${viewport.name}: ${r.requests} requests > 15`);
        } else if (def.name !== 'News, form open') {
          if (total > 250 * KiB) misses.push(`${def.name} ${viewport.name}: ${kib(total)} > 250 KiB`);
          if (r.workers.length) misses.push(`${def.name} ${viewport.name}: started ${r.workers.join(', ')}`);
          if (r.clsMax > 0.02) misses.push(`${def.name} ${viewport.name}: CLS up to ${r.clsMax.toFixed(3)} > 0.02`);
        }
      }
      const ref = await measureMedian(RUNS, () =>
        measureLoad(browser, { dist: reference.dist }, viewport, async (page) => {
          await page.goto(reference.url);
          await page.getByRole('button', { name: 'Hello' }).waitFor();
        }),
      );
      pageRows.push(row('Vite + React + Mantine reference', viewport.name, ref));
    }

    const desktop = VIEWPORTS[0] as (typeof VIEWPORTS)[number];
    const screenRows: string[] = [];
    for (const path of SCREENS) {
      const r = await measureLoad(
        browser,
        { dist: DIST },
        desktop,
        async (page) => {
          await page.goto(server.url + path);
          await page.locator('#main-content').waitFor();
        },
        cookies,
      );
      screenRows.push(`| ${path} | ${kib(r.js + r.css)} | ${r.files} | ${r.requests} | ${workersOf(r)} |`);
      if (r.js + r.css > 250 * KiB) misses.push(`${path}: ${kib(r.js + r.css)} > 250 KiB`);
      if (r.workers.length && path !== '/web/video-upload') misses.push(`${path}: started ${r.workers.join(', ')}`);
    }

    lines.push(
      `### Cold page loads (gzip level 9; medians of ${RUNS}; desktop 1280×800, mobile 390×844 at 3×)`,
      '',
      'Fresh browser context each load (empty cache, service worker blocked), demo data, loopback server.',
      '',
      'JS+CSS counts what the page itself requests; a worker it starts is listed with its own size.',
      '',
      '| page | viewport | JS | CSS | JS+CSS | files | requests | workers started | CLS (worst) | LCP | long tasks |',
      '|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
      ...pageRows,
      '',
      '### Every console screen, cold (desktop, one load each)',
      '',
      '| screen | JS+CSS | files | requests | workers started |',
      '|---|---:|---:|---:|---|',
      ...screenRows,
      '',
      misses.length ? `Budgets missed:\n${misses.map((m) => `- ${m}`).join('\n')}` : 'Every budget met.',
    );
  } finally {
    await browser.close();
    await reference.stop();
    await server.stop();
  }
  return lines.join('\n');
}
