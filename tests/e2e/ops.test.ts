import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openSignedIn } from './browser';
import { controlled } from './pwa-helpers';

/*
 * The health and metrics endpoints in a browser where the console's service worker is in control:
 * they come from the server, never the precached app shell, online or not.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('operating endpoints and the service worker', () => {
  it('/healthz, /readyz and /metrics open from the server, not as the console, on a controlled page', async () => {
    // The worker registers once signed in (the sign-in page downloads nothing ahead).
    const page = await openSignedIn(browser, '/index');
    const context = page.context();
    await controlled(page);
    for (const [path, expected] of [
      ['/healthz', /"status":"ok"/],
      ['/readyz', /"status":"ready"/],
      ['/metrics', /^# HELP lectern_/m],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(res?.fromServiceWorker(), path).toBe(false);
      expect(await page.locator('body').textContent(), path).toMatch(expected);
      expect(await page.locator('#root').count(), path).toBe(0);
    }
    // Offline the shell would still answer a console route; these fail as the server is unreachable.
    await page.goto('/index');
    await controlled(page);
    await context.setOffline(true);
    const failed = await page.goto('/healthz').then(
      () => 'loaded',
      (err: Error) => err.message,
    );
    expect(failed).toMatch(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
    await context.close();
  });
});
