import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Context, Hono } from 'hono';
import { API_BASE } from '../contract/envelope';
import type { AppEnv } from './context';
import { logQuietly } from './ops/logger';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Vite writes the base path next to the build; reading it back means server and build never disagree. */
export function readBase(distDir: string): string {
  try {
    const { base } = JSON.parse(readFileSync(join(distDir, 'lectern-build.json'), 'utf8')) as { base?: unknown };
    if (typeof base === 'string' && base.startsWith('/')) return base.endsWith('/') ? base : `${base}/`;
  } catch {
    // No build info: an older or hand-made dist is served at the root.
  }
  return '/';
}

/**
 * The built console under its base path: files as they are, hashed /assets/* cached for a year,
 * everything else revalidated (index.html, sw.js, the manifest), source maps never, /login with the
 * sign-in page (login.html), and any other GET under the base answered with index.html so
 * client-side routes survive a reload. A sub-app for the server root, mounted last.
 */
export function staticFiles(distDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.get('/', (c) => c.text('Lectern: the console is not built yet. Run `npm run build` (or `npm start`).\n'));
    return app;
  }
  const base = readBase(root);
  if (base !== '/') app.get('/', (c) => c.redirect(base));
  // A share to the installed app is a POST the service worker takes; one that reaches the server
  // (no worker yet on the device; SHARE_ACTION of src/sw/protocol/shared-files.ts) has nowhere to keep its files: the upload screen says to share again.
  app.post(`${base}share-target`, (c) =>
    c.body(null, 303, { Location: `${base}web/video-upload?shareFailed=1`, Connection: 'close' }),
  );

  app.get('*', async (c) => {
    const path = c.req.path;
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) return c.notFound();
    // A file of the console: its access line at debug level only (ops/logger.ts).
    logQuietly(c.req.raw);
    if (`${path}/` === base) return c.redirect(base);
    if (!path.startsWith(base)) return c.notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(path.slice(base.length));
    } catch {
      return c.notFound();
    }
    // Source maps stay private: builds write them without a reference ('hidden'), for the bench
    // and for reading stack traces, and they are never served.
    if (rel.toLowerCase().endsWith('.map')) return c.notFound();
    const file = rel === '' ? null : resolve(root, rel);
    // Never outside dist/, whatever the dots and slashes in the path.
    if (file?.startsWith(root + sep) && !rel.includes('\0')) {
      const res = await sendFile(c, file, rel.startsWith('assets/'));
      if (res) return res;
    }
    // A missing hashed asset is a stale chunk: HTML in its place would only confuse the browser.
    if (rel.startsWith('assets/')) return c.notFound();
    // The sign-in page is a document of its own, far lighter than the console (docs/performance.md).
    if (rel === 'login') {
      const res = await sendFile(c, join(root, 'login.html'), false);
      if (res) return res;
    }
    return (await sendFile(c, join(root, 'index.html'), false)) ?? c.notFound();
  });
  return app;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.wasm']);

/** dist/ does not change while the server runs: each file is compressed once, on first request. */
const compressed = new Map<string, Uint8Array<ArrayBuffer>>();

function encodingFor(c: Context, ext: string, size: number): 'br' | 'gzip' | null {
  if (!COMPRESSIBLE.has(ext) || size < 1024) return null;
  const accept = c.req.header('accept-encoding') ?? '';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

async function sendFile(c: Context, file: string, immutable: boolean): Promise<Response | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const ext = extname(file).toLowerCase();
  const encoding = encodingFor(c, ext, info.size);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    // A hashed asset is never revalidated: its name changes with its content.
    ...(immutable ? {} : { ETag: etag }),
    Vary: 'Accept-Encoding',
  };
  if (!immutable && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  if (!encoding) return c.body(new Uint8Array(await readFile(file)), 200, headers);
  const key = `${file}:${info.mtimeMs}:${encoding}`;
  let body = compressed.get(key);
  if (!body) {
    const raw = await readFile(file);
    body = new Uint8Array(
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipSync(raw, { level: 9 }),
    );
    compressed.set(key, body);
  }
  return c.body(body, 200, { ...headers, 'Content-Encoding': encoding });
}
