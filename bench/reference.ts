/**
 * The reference page the console's figures are read against: a plain Vite + React + Mantine page
 * (a Mantine button in a MantineProvider with Mantine's stylesheet), built in the same run with the
 * same Vite and React plugin, and served by Lectern's own static file handler (same compression and
 * cache headers), so its bytes, requests, vitals and Lighthouse scores compare like for like.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { build } from 'vite';
import type { AppEnv } from '../src/server/context';
import { staticFiles } from '../src/server/static';

export interface ReferenceSite {
  url: string;
  dist: string;
  stop(): Promise<void>;
}

export async function startReference(): Promise<ReferenceSite> {
  await mkdir(resolve('.tmp'), { recursive: true });
  const root = await mkdtemp(join(resolve('.tmp'), 'reference-'));
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Reference page"><title>Reference</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  await writeFile(
    join(root, 'main.tsx'),
    `import '@mantine/core/styles.css';
import { Button, MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<MantineProvider><Button>Hello</Button></MantineProvider>);
`,
  );
  const dist = join(root, 'dist');
  await build({
    root,
    base: '/',
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: dist, target: 'es2022' },
  });
  const app = new Hono<AppEnv>().route('/', staticFiles(dist));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((done) => server.once('listening', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dist,
    stop: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
