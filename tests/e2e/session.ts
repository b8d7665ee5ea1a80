import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { admin, adminToken, launch, openSignedIn } from './browser';
import { type ListPage, listPage } from './lists';

export type { ListPage };

export interface E2eSession {
  /** The file's Chromium, launched before its tests and closed after them. */
  readonly browser: Browser;
  /** The admin's API token, for arranging and checking data through the API. */
  readonly token: string;
  /** A fresh browser context signed in through the real form, landing on `path`. */
  signedIn(path: string, who?: { userName: string; password: string }, tab?: 'admin' | 'staff'): Promise<Page>;
  /** A page of a resource straight from the API, as the admin sees it. */
  page<T>(path: string, body?: Record<string, unknown>): Promise<ListPage<T>>;
}

/**
 * What nearly every e2e file needs, set up once: call at the top of the file, before its own
 * `beforeAll` (hooks run in the order they are registered, so the browser and token are ready).
 */
export function e2eSession(opts: { token?: boolean } = {}): E2eSession {
  let browser: Browser | undefined;
  let token = '';
  beforeAll(async () => {
    browser = await launch();
    if (opts.token !== false) token = await adminToken();
  });
  afterAll(() => browser?.close());
  const session: E2eSession = {
    get browser() {
      if (!browser) throw new Error('e2eSession: the browser is launched in beforeAll');
      return browser;
    },
    get token() {
      return token;
    },
    signedIn: (path, who = admin, tab = 'admin') => openSignedIn(session.browser, path, who, tab),
    page: <T>(path: string, body: Record<string, unknown> = {}) => listPage<T>(token, path, body),
  };
  return session;
}
