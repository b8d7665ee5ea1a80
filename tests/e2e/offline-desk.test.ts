import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adminToken, api, baseURL, screenshot, signIn } from './browser';
import { rows } from './lists';
import { controlled, launchProfile, offline } from './pwa-helpers';

/*
 * The desk offline, and writes sent while the console is closed: in a persistent Chromium profile
 * with the service worker in control, approvals, a return and a reply are made offline; every
 * console page is closed; back online, one Background Sync event (fired through CDP, as the browser
 * would) sends them, and the server shows each applied exactly once. A write replayed after its
 * answer was lost is answered from the server's idempotency record, not applied again; an approval
 * the stock rule refuses on arrival is kept for review, with the reason, for the next visit.
 */

const SYNC_TAG = 'lectern-writes';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const key = `Desk${tag}`;

interface Application {
  id: number;
  version: number;
  status: string;
  bookStock: number;
}
interface Book {
  id: number;
  title: string;
  stock: number;
}
interface Message {
  id: number;
  status: string;
  reply: string | null;
  readerName: string;
}

let token: string;
let profile: string;
let context: BrowserContext;
const titles = { plenty: `${key} Plenty Atlas`, last: `${key} Last Copy` };
const books = { plenty: 0, last: 0 };
const apps = { first: 0, second: 0, onLoan: 0, lastCopy: 0, rival: 0 };
let messageId = 0;
const readerName = `${key} Reader`;

const phone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

beforeAll(async () => {
  token = await adminToken();
  const category = await api<{ id: number }>('/category', { body: { name: `${key} shelf`, sort: 9 }, token });
  const book = async (title: string, stock: number) =>
    (
      await api<{ id: number }>('/book', {
        body: { title, author: 'Desk Tester', categoryId: category.id, stock, status: 'on_shelf' },
        token,
      })
    ).id;
  books.plenty = await book(titles.plenty, 5);
  books.last = await book(titles.last, 1);
  const reader = async (n: string) =>
    (
      await api<{ id: number }>('/users', {
        body: { nickName: `${key} ${n}`, phone: phone(), status: 'active' },
        token,
      })
    ).id;
  const [ada, bea, cal, dan] = [await reader('Ada'), await reader('Bea'), await reader('Cal'), await reader('Dan')];
  const apply = async (userId: number, bookId: number) =>
    (await api<Application>('/apply', { body: { userId, bookId }, token })).id;
  apps.first = await apply(ada, books.plenty);
  apps.second = await apply(bea, books.plenty);
  apps.onLoan = await apply(cal, books.plenty);
  apps.lastCopy = await apply(ada, books.last);
  apps.rival = await apply(dan, books.last);
  // On loan already (5 → 4), to be returned offline.
  const loan = await applicationOf(apps.onLoan);
  await api('/apply', { method: 'PUT', body: { id: loan.id, version: loan.version, status: 'approved' }, token });
  messageId = (
    await api<{ id: number }>('/online', {
      body: { readerName, content: 'Can I renew the atlas?', status: 'unread' },
      token,
    })
  ).id;
  profile = await mkdtemp(join(tmpdir(), 'lectern-desk-profile-'));
  context = await launchProfile(profile);
});

afterAll(async () => {
  await context?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

async function applicationOf(id: number): Promise<Application> {
  const page = await api<{ items: Application[] }>('/apply/page', { body: { keyword: key, pageSize: 50 }, token });
  const found = page.items.find((a) => a.id === id);
  if (!found) throw new Error(`application ${id} not found`);
  return found;
}
const statusOf = async (id: number) => (await applicationOf(id)).status;
const stockOf = async (id: number) =>
  (await api<{ items: Book[] }>('/book/page', { body: { keyword: key }, token })).items.find((b) => b.id === id)?.stock;
const messageOf = async () =>
  (await api<{ items: Message[] }>('/online/page', { body: { keyword: readerName }, token })).items.find(
    (m) => m.id === messageId,
  );

const row = (page: Page, id: number) => page.locator(`[data-testid="resource-row"][data-id="${id}"]`);

/** The pending writes in the page's IndexedDB (what the page and the worker share). */
const storedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('lectern-pending');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('writes')) return resolve([]);
          const all = db.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

async function transition(page: Page, id: number, to: 'approved' | 'returned') {
  await row(page, id).getByTestId(`apply-${to}`).click();
  const dialog = page.getByTestId('transition-dialog');
  await dialog.getByTestId('transition-offline').waitFor();
  await dialog.getByTestId('transition-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, id).getByTestId('apply-queued').waitFor();
}

/** The worker's registration as CDP knows it, from a page that is not the console (about:blank). */
async function workerRegistration(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const reg = e.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL()));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function fireSync(cdp: CDPSession, registrationId: string): Promise<void> {
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL()).origin,
    registrationId,
    tag: SYNC_TAG,
    lastChance: false,
  });
}

/** A same-origin page that is not the console (a static file), to reach IndexedDB and the worker. */
async function plainPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/manifest.webmanifest');
  await controlled(page);
  return page;
}

describe('the desk offline, sent by the worker with the console closed', () => {
  let cdp: CDPSession;
  let registrationId: string;
  let firstWrite: Record<string, unknown> | undefined;

  it('queues two approvals, a return, an approval of the last copy and a reply offline', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', admin.userName, admin.password);
    await page.waitForURL((u) => u.pathname === '/index');
    await controlled(page);
    // Both lists once online, so the worker has them for offline.
    await page.goto(`/users/online?keyword=${encodeURIComponent(readerName)}`);
    await row(page, messageId).waitFor();
    await page.goto(`/users/apply?keyword=${key}`);
    await expect.poll(() => rows(page).count()).toBe(5);

    await offline(context, true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await transition(page, apps.first, 'approved');
    await transition(page, apps.second, 'approved');
    await transition(page, apps.onLoan, 'returned');
    await transition(page, apps.lastCopy, 'approved');
    await page.getByTestId('pending-writes').getByText('4 change(s) saved on this device').waitFor();
    await screenshot(page, 'offline-desk-queued');

    await page.goto(`/users/online?keyword=${encodeURIComponent(readerName)}`);
    await row(page, messageId).getByTestId('message-open').click();
    const drawer = page.getByTestId('message-drawer');
    await drawer.getByTestId('message-offline').waitFor();
    await drawer.getByTestId('message-reply').fill('Yes, until the end of the month.');
    await drawer.getByTestId('message-send').click();
    await drawer.waitFor({ state: 'detached' });
    await row(page, messageId).getByTestId('message-queued').waitFor();

    const stored = await storedWrites(page);
    expect(stored.map((w) => w.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    firstWrite = stored.find((w) => w.recordId === apps.first && w.path === 'apply');
    expect(firstWrite).toBeDefined();
    // Nothing reached the server.
    expect(await statusOf(apps.first)).toBe('pending');
    expect(await stockOf(books.plenty)).toBe(4);

    // A page that is not the console keeps the CDP session; every console page closes.
    const keeper = await context.newPage();
    cdp = await context.newCDPSession(keeper);
    registrationId = await workerRegistration(cdp);
    for (const p of context.pages()) if (p !== keeper) await p.close();
    expect(context.pages()).toEqual([keeper]);
  });

  it('sends them once each on a sync event, in order, with no window open', async () => {
    // Someone else lends the last copy meanwhile: the offline approval of it must be refused.
    const rival = await applicationOf(apps.rival);
    await api('/apply', { method: 'PUT', body: { id: rival.id, version: rival.version, status: 'approved' }, token });
    expect(await stockOf(books.last)).toBe(0);

    await offline(context, false);
    await context.grantPermissions(['background-sync'], { origin: new URL(baseURL()).origin });
    await fireSync(cdp, registrationId);

    await expect.poll(() => statusOf(apps.first), { timeout: 20_000 }).toBe('approved');
    await expect.poll(() => statusOf(apps.second), { timeout: 20_000 }).toBe('approved');
    await expect.poll(() => statusOf(apps.onLoan), { timeout: 20_000 }).toBe('returned');
    await expect.poll(async () => (await messageOf())?.status, { timeout: 20_000 }).toBe('replied');
    expect((await messageOf())?.reply).toBe('Yes, until the end of the month.');
    // 4 - 2 approvals + 1 return.
    expect(await stockOf(books.plenty)).toBe(3);
    expect(await statusOf(apps.lastCopy)).toBe('pending');
    expect(await stockOf(books.last)).toBe(0);

    // A second sync event finds nothing to send.
    await fireSync(cdp, registrationId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stockOf(books.plenty)).toBe(3);
    expect(await statusOf(apps.first)).toBe('approved');
  });

  it('a write replayed after its answer was lost is answered from the first, not applied again', async () => {
    // As if the first answer never came back: the write is still on the device and in the queue.
    const page = await plainPage();
    const left = await storedWrites(page);
    expect(left.map((w) => w.recordId)).toEqual([apps.lastCopy]);
    await page.evaluate(
      async (write) => {
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('lectern-pending');
          open.onsuccess = () => {
            const tx = open.result.transaction('writes', 'readwrite');
            tx.objectStore('writes').put(write, write.id as string);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        });
        const channel = new MessageChannel();
        const queued = new Promise((resolve) => {
          channel.port1.onmessage = resolve;
        });
        navigator.serviceWorker.controller?.postMessage({ type: 'lectern:queue-write', write }, [channel.port2]);
        await queued;
      },
      firstWrite as Record<string, unknown>,
    );
    await page.close();

    await fireSync(cdp, registrationId);
    const check = await plainPage();
    // Sent (the server's stored answer), so gone; not a conflict with the version it moved on from.
    await expect
      .poll(async () => (await storedWrites(check)).map((w) => `${w.recordId}:${w.state}`), { timeout: 20_000 })
      .toEqual([`${apps.lastCopy}:failed`]);
    expect(await stockOf(books.plenty)).toBe(3);
    expect(await statusOf(apps.first)).toBe('approved');
    await check.close();
  });

  it('shows the approval the stock rule refused, with the reason, when the console opens again', async () => {
    const page = await context.newPage();
    await page.goto(`/users/apply?keyword=${key}`);
    const refused = page.getByTestId('pending-refused');
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toContain('Not sent, the server refused it: Approve:');
    await expect
      .poll(() => refused.getByTestId('pending-reason').textContent())
      .toBe(`No copies of “${titles.last}” are left to lend`);
    await screenshot(page, 'offline-desk-refused');
    // The row offers its actions again; dismissing the refusal removes it from the device.
    await row(page, apps.lastCopy).getByTestId('apply-approved').waitFor();
    await refused.getByTestId('pending-dismiss').click();
    await refused.waitFor({ state: 'detached' });
    expect(await storedWrites(page)).toEqual([]);
    await page.close();
  });
});
