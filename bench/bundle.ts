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
import { build } from 'vite';
import { launch } from './chromium';
import { startServer } from './server';

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Files the sign-in page actually requests, as seen by Chromium, gzip-sized from dist/. */
async function signInPageBytes(): Promise<{ js: number; css: number; files: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-bench-bundle-'));
  const server = await startServer({ LECTERN_DATA: dataDir, LECTERN_ADMIN_PASSWORD: 'bench-password-1' });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const paths = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname)) paths.add(u.pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    let js = 0;
    let css = 0;
    for (const p of paths) {
      const size = gz(await readFile(resolve('dist', p.replace(/^\//, ''))));
      if (p.endsWith('.css')) css += size;
      else js += size;
    }
    return { js, css, files: paths.size };
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
  const lectern = await signInPageBytes();
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
  ].join('\n');
}
