/// <reference lib="dom" />
/**
 * Bundle budget (issue 5): the JS+CSS a browser downloads to show the sign-in page, gzip-sized,
 * next to a plain Vite + React + Mantine "hello" page built in the same run with the same tools.
 * Run through `npm run bench` (it needs a fresh `npm run build`).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launch } from './chromium';
import { startServer } from './server';

const DIST = process.env.LECTERN_DIST ?? 'dist';
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

interface Bytes {
  js: number;
  css: number;
  files: number;
}

async function sizeOf(paths: Iterable<string>): Promise<Bytes> {
  const out = { js: 0, css: 0, files: 0 };
  for (const p of paths) {
    const size = gz(await readFile(resolve(DIST, p.replace(/^\//, ''))));
    if (p.endsWith('.css')) out.css += size;
    else out.js += size;
    out.files++;
  }
  return out;
}

/** Every JS and CSS file a page load requests (the service worker is not a page asset). */
function recordAssets(page: Page): Set<string> {
  const paths = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/\.(js|css)$/.test(u.pathname) && !u.pathname.endsWith('/sw.js')) paths.add(u.pathname);
  });
  return paths;
}

const ROUTES = [
  '/index',
  '/web/book',
  '/web/banner',
  '/web/aboutus',
  '/web/news',
  '/web/resource',
  '/web/bibliography',
  '/web/category',
  '/web/categorysubclass',
  '/web/video',
  '/web/video-upload',
  '/users/user',
  '/users/adminuser',
  '/users/online',
  '/users/apply',
  '/users/image',
  '/users/audit',
];

/**
 * Files the sign-in page requests, as seen by Chromium, gzip-sized from the build; then, signed in,
 * what each console screen adds when the user moves to it from Home (its own chunks).
 */
async function measurePages(): Promise<{ signIn: Bytes; routes: [string, Bytes][] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-bench-bundle-'));
  const server = await startServer({ LECTERN_DATA: dataDir, LECTERN_ADMIN_PASSWORD: 'bench-password-1' });
  const browser = await launch();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const seen = recordAssets(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const signIn = await sizeOf(seen);

    await page.getByRole('tab', { name: 'Administrator' }).click();
    const form = page.getByRole('form', { name: 'Administrator sign-in' });
    await form.getByLabel('Account').fill('admin');
    await form.getByLabel('Password', { exact: true }).fill('bench-password-1');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/index');
    await page.waitForLoadState('networkidle');
    const routes: [string, Bytes][] = [['console shell + Home (after sign-in)', await sizeOf(seen)]];
    for (const route of ROUTES.slice(1)) {
      // Reload Home (its files are already counted), then move client-side, as a user does: only
      // the screen's own chunks load.
      await page.goto(`${server.url}/index`, { waitUntil: 'networkidle' });
      const before = new Set(seen);
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      routes.push([route, await sizeOf([...seen].filter((p) => !before.has(p)))]);
    }
    return { signIn, routes };
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The reference: a Mantine button in a MantineProvider, built by Vite with the React plugin. */
async function helloBytes(): Promise<{ js: number; css: number }> {
  const root = await mkdtemp(join(resolve('.tmp'), 'hello-'));
  await writeFile(join(root, 'index.html'), '<div id="root"></div><script type="module" src="./main.tsx"></script>');
  await writeFile(
    join(root, 'main.tsx'),
    `import '@mantine/core/styles.css';
import { Button, MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<MantineProvider><Button>Hello</Button></MantineProvider>);
`,
  );
  await build({ root, logLevel: 'silent', plugins: [react()], build: { outDir: join(root, 'dist') } });
  let js = 0;
  let css = 0;
  const assets = join(root, 'dist', 'assets');
  for (const f of await readdir(assets)) {
    const size = gz(await readFile(join(assets, f)));
    if (f.endsWith('.css')) css += size;
    else if (f.endsWith('.js')) js += size;
  }
  await rm(root, { recursive: true, force: true });
  return { js, css };
}

export async function benchBundle(): Promise<string> {
  const { signIn: lectern, routes } = await measurePages();
  const hello = await helloBytes();
  const total = lectern.js + lectern.css;
  const budget = 150 * 1024;
  return [
    '### Sign-in page bundle (gzip, level 9)',
    '',
    '| page | JS | CSS | JS+CSS |',
    '|---|---|---|---|',
    `| Lectern sign-in (${lectern.files} files) | ${kib(lectern.js)} | ${kib(lectern.css)} | ${kib(total)} |`,
    `| Vite + React + Mantine hello | ${kib(hello.js)} | ${kib(hello.css)} | ${kib(hello.js + hello.css)} |`,
    '',
    `Budget 150 KiB: ${total <= budget ? 'met' : `missed by ${kib(total - budget)}`}.`,
    '',
    '### What each console screen adds (gzip JS+CSS, moving there from Home)',
    '',
    '| screen | files | JS | CSS |',
    '|---|---|---|---|',
    ...routes.map(([r, b]) => `| ${r} | ${b.files} | ${kib(b.js)} | ${kib(b.css)} |`),
  ].join('\n');
}
