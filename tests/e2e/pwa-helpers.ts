import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { api, baseURL } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** Chromium with a profile on disk (not incognito), for what only a real profile reports. */
export function launchProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
    locale: 'en-US',
  });
}

/** Waits until the service worker controls the page (first visit: installed, precached, claimed). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
}

/** Cache Storage names as the page sees them. */
export const cacheNames = (page: Page): Promise<string[]> => page.evaluate(() => caches.keys());

/** The synthetic keys stored in the session caches (`lectern-api-…`). */
export const cachedListKeys = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('lectern-api-')) continue;
      for (const req of await (await caches.open(name)).keys()) keys.push(req.url);
    }
    return keys;
  });

/** Offline for the page and its service worker (playwright cuts the worker's fetches too). */
export async function offline(context: BrowserContext, on: boolean): Promise<void> {
  await context.setOffline(on);
}

export interface Row {
  id: number;
  title: string;
  stock: number;
  version: number;
}

export const findBook = async (token: string, title: string): Promise<Row | undefined> =>
  (await api<{ items: Row[] }>('/book/page', { body: { keyword: title }, token })).items.find((b) => b.title === title);
