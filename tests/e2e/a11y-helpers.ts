import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ResourceSpec } from '../../src/contract/resource-spec';
import { SPECS } from '../../src/resources/specs';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server-process';

/**
 * A server of its own with the demo site (LECTERN_SEED=demo): every list has rows, long titles,
 * messages and applications, as staff see them, and no other test file changes them meanwhile.
 */
export async function startDemoServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-a11y-'));
  const server: RunningServer = await startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
    LECTERN_SEED: 'demo',
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Language = 'en' | 'zh' | 'es' | 'ja';
export interface Variant {
  name: string;
  language: Language;
  dark: boolean;
}

/** The four languages in the light scheme, and English in the dark one. */
export const VARIANTS: Variant[] = [
  { name: 'en', language: 'en', dark: false },
  { name: 'zh', language: 'zh', dark: false },
  { name: 'es', language: 'es', dark: false },
  { name: 'ja', language: 'ja', dark: false },
  { name: 'en-dark', language: 'en', dark: true },
];

/** A context that speaks `language` (the console's own cookie) and, if asked, starts dark. */
export async function variantContext(
  browser: Browser,
  url: string,
  variant: Pick<Variant, 'language' | 'dark'>,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport, locale: 'en-US' });
  await context.addCookies([{ name: 'language', value: variant.language, url }]);
  if (variant.dark) {
    // Mantine's colour-scheme manager reads this key before the first paint.
    await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  }
  return context;
}

/** Signs in as the admin through the form, whatever language it is in (no label text needed). */
export async function signInAnyLanguage(page: Page, path = '/index'): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('tab').nth(1).click();
  const panel = page.getByRole('tabpanel');
  await panel.locator('input:not([type=password])').first().fill('admin');
  await panel.locator('input[type=password]').fill(ADMIN_PASSWORD);
  await panel.locator('input[type=password]').press('Enter');
  await page.waitForURL((u) => u.pathname === path);
}

/**
 * Client-side navigation, as a link would do it, without reloading the app: a history entry and the
 * popstate the router listens to.
 */
export async function go(page: Page, path: string, lands = path): Promise<void> {
  await page.evaluate((p) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    history.pushState({ __TSR_index: index, key: String(Math.random()) }, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((u) => u.pathname + u.search === lands);
  await settled(page);
}

/**
 * The screen has its data (no skeleton rows or loaders) and nothing is mid-transition: axe would
 * measure the contrast of a half-faded dialog.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="skeleton-row"], .mantine-Skeleton-root[data-visible]')) return false;
      // The console's screen is built in a transition after its address changes: until then the
      // outlet is empty (a screenshot or a measure of a blank page).
      const main = document.getElementById('main-content');
      if (main && main.childElementCount === 0) return false;
      if (document.fonts.status !== 'loaded') return false;
      const moving = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      return moving.length === 0;
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  // Two frames more: React commits the data that has just arrived.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Every screen of the console a signed-in admin can reach, in the menu's order: Home, each noun's
 * screen from the list of nouns (a new noun is audited without a line here), and the two screens
 * that are not a noun's.
 */
export const CONSOLE_SCREENS = [
  '/index',
  ...Object.values<ResourceSpec>(SPECS)
    .flatMap((s) => (s.menu ? [s.menu] : []))
    .sort((a, b) => a.order - b.order)
    .map((m) => m.screen),
  '/web/video-upload',
  '/account/password',
];
