import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { api, baseURL, newContext, signIn } from './browser';
import { controlled } from './pwa-helpers';

/**
 * What the badge, notification and periodic-refresh tests share: a context whose origin is granted
 * Periodic Background Sync (as an installed app would be) and notifications, the app badge calls
 * the page makes (recorded across documents in localStorage), the worker's store, and periodic sync
 * fired through the DevTools protocol.
 */
export async function backgroundContext(
  browser: Browser,
  o: { notifications?: boolean; viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = o.locale
    ? await browser.newContext({ baseURL: baseURL(), viewport: o.viewport, locale: o.locale })
    : await newContext(browser, o.viewport);
  const cdp = await browser.newBrowserCDPSession();
  const before = new Set(
    ((await cdp.send('Target.getTargets')).targetInfos as { targetId: string }[]).map((t) => t.targetId),
  );
  const probe = await context.newPage();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; browserContextId: string }[];
  };
  const mine = targetInfos.find((t) => t.type === 'page' && !before.has(t.targetId));
  if (!mine) throw new Error('backgroundContext: the new page was not found');
  const permissions: ('periodicBackgroundSync' | 'notifications')[] = [
    'periodicBackgroundSync',
    ...(o.notifications ? (['notifications'] as const) : []),
  ];
  await cdp.send('Browser.grantPermissions', {
    origin: new URL(baseURL()).origin,
    browserContextId: mine.browserContextId,
    permissions,
  });
  // Not detached: Chromium drops a DevTools session's permission overrides when it goes.
  // Every app badge call of the page, in order (0: cleared).
  await context.addInitScript(() => {
    const proto = Navigator.prototype as Navigator & {
      setAppBadge?: (n?: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    const set = proto.setAppBadge;
    const clear = proto.clearAppBadge;
    const record = (n: number) => {
      const calls = JSON.parse(localStorage.getItem('e2e:badge') ?? '[]') as number[];
      localStorage.setItem('e2e:badge', JSON.stringify([...calls, n]));
    };
    proto.setAppBadge = function (n?: number) {
      record(n ?? -1);
      return set ? set.call(this, n) : Promise.resolve();
    };
    proto.clearAppBadge = function () {
      record(0);
      return clear ? clear.call(this) : Promise.resolve();
    };
  });
  // The first page stays: closed before anything loaded, Chromium forgot the grant.
  return { context, page: probe };
}

/** The app badge calls the page made so far (any document of the origin). */
export const badgeCalls = (page: Page): Promise<number[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('e2e:badge') ?? '[]') as number[]);

export async function signInAs(
  page: Page,
  who: { userName: string; password: string; phone?: string },
  tab: 'admin' | 'staff' = 'admin',
): Promise<void> {
  await page.goto('/login');
  await signIn(page, tab, tab === 'staff' && who.phone ? who.phone : who.userName, who.password);
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.getByTestId('avatar-menu').waitFor();
  await controlled(page);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByRole('tab', { name: 'Staff' }).waitFor();
}

/** The service worker (started again if it had stopped: a page of the origin is opened and closed). */
export async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
}

/** The worker's own store (`lectern-worker`/`state`), read inside the worker. */
export const workerState = async (context: BrowserContext): Promise<Record<string, unknown>> =>
  (await serviceWorker(context)).evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const open = indexedDB.open('lectern-worker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) return resolve({});
          const out: Record<string, unknown> = {};
          const cursor = db.transaction('state').objectStore('state').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return resolve(out);
            out[String(c.key)] = c.value;
            c.continue();
          };
        };
      }),
  );

/** The session caches' entries (synthetic key → JSON body), read inside the worker. */
export const cachedAnswers = async (
  context: BrowserContext,
): Promise<{ cache: string; key: string; body: unknown }[]> =>
  (await serviceWorker(context)).evaluate(async () => {
    const out: { cache: string; key: string; body: unknown }[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('lectern-api-')) continue;
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        out.push({ cache: name, key: req.url, body: await res?.json().catch(() => null) });
      }
    }
    return out;
  });

/**
 * Fires the refresh as the browser would while no console is open: `page` is a page that is not
 * the console (about:blank), used only to reach the DevTools protocol.
 */
export async function firePeriodicSync(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(baseURL()).origin;
  for (let i = 0; i < 50 && !registrations.some((r) => !r.isDeleted && r.scopeURL.startsWith(origin)); i++) {
    await page.waitForTimeout(100);
  }
  const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
  if (!reg) throw new Error('firePeriodicSync: no service worker registration');
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin,
    registrationId: reg.registrationId,
    tag: 'lectern-refresh',
  });
  await cdp.detach();
}

/** The tags the registration has for Periodic Background Sync (from any page of the origin). */
export const periodicTags = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & { periodicSync?: { getTags(): Promise<string[]> } })
      | undefined;
    return (await reg?.periodicSync?.getTags()) ?? [];
  });

/** Pending applications plus unread messages, as the admin's menu counts them. */
export async function waitingTotal(token: string): Promise<number> {
  const apps = await api<{ total: number }>('/apply/page', { body: { status: 'pending', pageSize: 1 }, token });
  const msgs = await api<{ total: number }>('/online/page', { body: { status: 'unread', pageSize: 1 }, token });
  return apps.total + msgs.total;
}

/** A new pending application (a reader and a book of its own). */
export async function newApplication(token: string, tag: string): Promise<number> {
  const phone = `137${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;
  const reader = await api<{ id: number }>('/users', {
    body: { nickName: `Badge ${tag}`, phone, status: 'active' },
    token,
  });
  const category = await api<{ id: number }>('/category', { body: { name: `Badge shelf ${tag}`, sort: 9 }, token });
  const book = await api<{ id: number }>('/book', {
    body: { title: `Badge book ${tag}`, author: 'Ada Badge', categoryId: category.id, stock: 3, status: 'on_shelf' },
    token,
  });
  return (await api<{ id: number }>('/apply', { body: { userId: reader.id, bookId: book.id }, token })).id;
}
