import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backgroundContext,
  badgeCalls,
  firePeriodicSync,
  newApplication,
  periodicTags,
  signInAs,
  signOut,
  waitingTotal,
  workerState,
} from './background-helpers';
import { admin, adminToken, launch } from './browser';

/*
 * The installed app's icon: pending applications plus unread messages, from the live stream while
 * the console is open and from the worker's periodic refresh while it is closed; cleared at sign-out.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  await newApplication(token, `open-${Date.now()}`);
});
afterAll(() => browser?.close());

const last = (calls: number[]) => calls[calls.length - 1];

describe('the app badge', () => {
  it('says what waits, follows a new application over the live stream, and is kept while closed', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await backgroundContext(browser);
    await signInAs(page, admin);
    await page.goto('/web/book');
    // The page's own calls (navigator.setAppBadge), as the menu counts.
    await expect
      .poll(async () => last(await badgeCalls(page)) === (await waitingTotal(token)), { timeout: 30_000 })
      .toBe(true);
    const before = await waitingTotal(token);
    expect(before).toBeGreaterThan(0);

    // A new application arrives while the console is open: no reload, the live stream moves it.
    await newApplication(token, `live-${Date.now()}`);
    await expect.poll(async () => last(await badgeCalls(page)), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1);
    await expect.poll(async () => last(await badgeCalls(page)) === (await waitingTotal(token))).toBe(true);
    await expect.poll(() => periodicTags(page), { timeout: 30_000 }).toEqual(['lectern-refresh']);

    // Closed: every console page gone, another application, then the browser's periodic refresh.
    const blank = await context.newPage();
    await page.close();
    await newApplication(token, `closed-${Date.now()}`);
    const session = (await workerState(context)).session as { userKey: string };
    await firePeriodicSync(context, blank);
    await expect
      .poll(
        async () => {
          const badge = (await workerState(context)).badge as { userKey: string; count: number } | undefined;
          return badge?.userKey === session.userKey && badge.count === (await waitingTotal(token));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.close();
  });

  it('is cleared at sign-out, and the refresh stops', { timeout: 120_000 }, async () => {
    const { context, page } = await backgroundContext(browser);
    await signInAs(page, admin);
    await expect.poll(async () => last(await badgeCalls(page)), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => periodicTags(page), { timeout: 30_000 }).toEqual(['lectern-refresh']);
    await signOut(page);
    expect(last(await badgeCalls(page))).toBe(0);
    await expect.poll(() => periodicTags(page), { timeout: 10_000 }).toEqual([]);
    expect((await workerState(context)).session).toBeUndefined();
    // Fired anyway (a sync already due): the worker acts for no one, and the icon stays clear.
    await firePeriodicSync(context, page);
    await page.waitForTimeout(1500);
    const state = await workerState(context);
    expect(state.badge).toBeUndefined();
    expect(Object.keys(state).filter((k) => k.startsWith('recent:'))).toEqual([]);
    await context.close();
  });
});
