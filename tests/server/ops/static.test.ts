import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, startTestServer, type TestServer } from '../helpers/test-server';

const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};\n`;
const INDEX = '<!doctype html><title>Lectern</title><script type="module" src="/panda/assets/app-abc123.js"></script>';
const LOGIN = '<!doctype html><title>Lectern</title><form aria-label="Staff sign-in"></form>';

async function makeDist(base: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'lectern-dist-'));
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'lectern-build.json'), JSON.stringify({ base, builtAt: '2026-01-01T00:00:00Z' }));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'login.html'), LOGIN);
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  await writeFile(join(dist, 'assets', 'app-abc123.css'), 'body{}');
  await writeFile(join(dist, 'assets', 'big-abc123.js'), BIG_JS);
  await writeFile(join(dist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  await writeFile(join(dist, 'sw.js.map'), '{"version":3,"sources":["src/sw/sw.ts"]}');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch",()=>{})');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Lectern"}');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'secret.txt'), 'TOP-SECRET');
  return dist;
}

/** The console's documents (and the service worker's script) are what the policies act on. */
const isDocument = (path: string) => path.endsWith('/') || path.endsWith('.html') || path.endsWith('/sw.js');

/** Every security header on a document or an API answer; only `nosniff` on a file a page loads. */
function expectPolicies(res: Response, what: string, document: boolean): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const expected = document || name === 'x-content-type-options' ? value : null;
    expect(res.headers.get(name), `${what} ${name}`).toBe(expected);
  }
  // The library's other defaults stay off: HSTS is the TLS proxy's call, the rest are obsolete.
  for (const name of NOT_SENT) expect(res.headers.get(name), `${what} ${name}`).toBeNull();
}

const NOT_SENT = [
  'strict-transport-security',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'GET', path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static console under /panda/', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await makeDist('/panda/');
    s = await startTestServer({ config: { distDir: dist } });
  });
  afterAll(async () => {
    await s.close();
    await rm(join(dist, '..'), { recursive: true, force: true });
  });

  it('serves files with their types and cache rules', async () => {
    const cases = [
      ['/panda/', 'text/html; charset=utf-8', 'no-cache'],
      ['/panda/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['/panda/assets/app-abc123.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/panda/assets/app-abc123.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/panda/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
      ['/panda/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
      ['/panda/favicon.svg', 'image/svg+xml', 'no-cache'],
    ] as const;
    for (const [path, type, cache] of cases) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('cache-control'), path).toBe(cache);
      expectPolicies(res, path, isDocument(path));
    }
  });

  it('sends a hashed asset with only the headers it needs: no policies, no ETag (it is never revalidated)', async () => {
    const res = await fetch(`${s.url}/panda/assets/big-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    const names: string[] = [];
    res.headers.forEach((_, name) => {
      if (!['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)) names.push(name);
    });
    expect(names.sort()).toEqual([
      'cache-control',
      'content-encoding',
      'content-length',
      'content-type',
      'vary',
      'x-content-type-options',
    ]);
  });

  it("gives a worker's script the policies (a worker takes its CSP from its script's answer)", async () => {
    const res = await fetch(`${s.url}/panda/assets/app-abc123.js`, { headers: { 'sec-fetch-dest': 'worker' } });
    expectPolicies(res, 'worker script', true);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', null],
  ])('compresses text assets for Accept-Encoding %j with %s, byte-identical once decoded', async (accept, expected) => {
    const res = await fetch(`${s.url}/panda/assets/big-abc123.js`, { headers: { 'accept-encoding': accept } });
    expect(res.headers.get('content-encoding')).toBe(expected);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes br and gzip itself: what arrives must be the file as built.
    expect(await res.text()).toBe(BIG_JS);
  });

  it('answers /login with the sign-in document (login.html), a document with its policies', async () => {
    for (const path of ['/panda/login', '/panda/login?redirect=%2Fweb%2Fbook']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), path).toBeTruthy();
      expect(await res.text()).toBe(LOGIN);
    }
  });

  it("lets a video play from hls.js's MediaSource (blob:) and no other site than the video service's", async () => {
    for (const path of ['/panda/web/video/1', '/panda/']) {
      const csp = (await fetch(`${s.url}${path}`)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/(^|;)\s*media-src 'self' blob:[^;]*(;|$)/);
      expect(csp, path).not.toMatch(/media-src[^;]*(\*|https:)/);
    }
  });

  it('answers client-side routes with index.html, but not missing assets', async () => {
    for (const path of ['/panda/web/book', '/panda/users/user?x=1', '/panda/login/x']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
    expect((await fetch(`${s.url}/panda/assets/gone-123.js`)).status).toBe(404);
  });

  it('answers HEAD like GET without a body, security headers included', async () => {
    for (const [path, status] of [
      ['/panda/', 200],
      ['/panda/assets/app-abc123.js', 200],
      ['/panda/assets/gone-123.js', 404],
      ['/prod-api/auth/info', 401],
    ] as const) {
      const res = await fetch(`${s.url}${path}`, { method: 'HEAD' });
      expect(res.status, path).toBe(status);
      expect(await res.text()).toBe('');
      expectPolicies(res, path, !path.includes('/assets/'));
    }
  });

  it('never serves source maps, though the build leaves them in dist', async () => {
    for (const path of ['/panda/assets/app-abc123.js.map', '/panda/sw.js.map', '/panda/assets/APP-abc123.js.MAP']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('sources');
    }
  });

  it('revalidates with ETag', async () => {
    const first = await fetch(`${s.url}/panda/`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${s.url}/panda/`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('redirects the root and the bare base to the base path', async () => {
    for (const path of ['/', '/panda']) {
      const res = await fetch(`${s.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/panda/');
    }
  });

  it('keeps /prod-api at the absolute path whatever the base', async () => {
    const res = await fetch(`${s.url}/prod-api/auth/info`, { headers: { 'X-Token': s.adminToken } });
    expect(res.status).toBe(200);
    const inside = await fetch(`${s.url}/panda/prod-api/auth/info`);
    expect(await inside.text()).toBe(INDEX);
    const unknown = await fetch(`${s.url}/prod-api/nothing`, { headers: { 'X-Token': s.adminToken } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(40400);
  });

  it('never serves files outside dist', async () => {
    for (const path of [
      '/panda/../secret.txt',
      '/panda/..%2fsecret.txt',
      '/panda/%2e%2e%2fsecret.txt',
      '/secret.txt',
    ]) {
      const res = await rawGet(s.url, path);
      expect(res.body, path).not.toContain('TOP-SECRET');
    }
  });
});

describe('static console at /', () => {
  it('serves index.html at the root and falls back to it', async () => {
    const dist = await makeDist('/');
    const s = await startTestServer({ config: { distDir: dist } });
    try {
      for (const path of ['/', '/index', '/web/book']) {
        const res = await fetch(`${s.url}${path}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(INDEX);
      }
      expect((await fetch(`${s.url}/prod-api/auth/info`)).status).toBe(401);
    } finally {
      await s.close();
      await rm(join(dist, '..'), { recursive: true, force: true });
    }
  });
});

describe('a share that reaches the server', () => {
  it('is sent to the upload screen, which asks to share again (no worker kept the files)', async () => {
    const dist = await makeDist('/panda/');
    const s = await startTestServer({ config: { distDir: dist } });
    try {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(64 * 1024)], { type: 'video/mp4' }), 'clip.mp4');
      const res = await fetch(`${s.url}/panda/share-target`, { method: 'POST', body: form, redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/panda/web/video-upload?shareFailed=1');
    } finally {
      await s.close();
      await rm(join(dist, '..'), { recursive: true, force: true });
    }
  });
});
