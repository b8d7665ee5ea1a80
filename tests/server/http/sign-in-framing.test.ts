import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The console renews an ended session in a dialog that frames the sign-in page
 * (src/features/session/): that page, and the one it ends on, may be framed by the same origin
 * and by no other; every other document by nobody. (e2e session-renewal.test.ts: a frame on
 * another origin is refused by Chromium.)
 */
let s: TestServer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lectern-framing-'));
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'lectern-build.json'), JSON.stringify({ base: '/', builtAt: '2026-01-01T00:00:00Z' }));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lectern</title>');
  await writeFile(join(dist, 'login.html'), '<!doctype html><title>Sign in</title>');
  await writeFile(join(dist, 'session-renewed.html'), '<!doctype html><title>Renewed</title>');
  s = await startTestServer({ config: { distDir: dist } });
});
afterAll(async () => {
  await s?.close();
  await rm(root, { recursive: true, force: true });
});

const frameAncestors = (csp: string | null) => /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1];

describe('who may frame a document', () => {
  it('lets the same origin frame the sign-in page and the renewal’s last page, and no one else', async () => {
    for (const path of ['/login', '/login?renew=1', '/login.html?renew=1', '/session-renewed.html']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(frameAncestors(res.headers.get('content-security-policy')), path).toBe("'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('lets nobody frame the console, nor any API answer', async () => {
    for (const [path, method] of [
      ['/', 'GET'],
      ['/index.html', 'GET'],
      ['/web/book', 'GET'],
      ['/login/x', 'GET'],
      ['/prod-api/auth/info', 'GET'],
      ['/prod-api/auth/login', 'POST'],
    ]) {
      const res = await fetch(`${s.url}${path}`, { method });
      expect(frameAncestors(res.headers.get('content-security-policy')), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
