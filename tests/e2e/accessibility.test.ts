import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_SCREENS,
  go,
  settled,
  signInAnyLanguage,
  startDemoServer,
  VARIANTS,
  variantContext,
} from './a11y-helpers';
import { type Finding, report, seriousViolations } from './axe';
import { admin, launch } from './browser';

/*
 * The axe-core sweep (WCAG 2.2 AA rule set): no serious or critical finding on any screen, with
 * any dialog or drawer open, in each language and in the dark scheme. One browser context per
 * variant; screens are reached inside the app, so each costs a render, not a page load.
 */

let browser: Browser;
let server: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startDemoServer()]);
  await seedLibrary(server.url);
});

/** The demo site has no uploaded images: two, so the image picker shows its grid of thumbnails. */
async function seedLibrary(url: string): Promise<void> {
  const login = await fetch(`${url}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  // A real 1×1 PNG: the server decides the type by its bytes.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  for (const name of ['reading-room.png', 'spring-fair.png']) {
    const body = new FormData();
    body.append('file', new Blob([png], { type: 'image/png' }), name);
    const res = await fetch(`${url}/prod-api/file/upload/img`, {
      method: 'POST',
      headers: { 'X-Token': data.token },
      body,
    });
    expect(res.status).toBe(201);
  }
}
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens something, checks the page with it open, closes it with Escape. */
async function withOpen(
  page: Page,
  findings: Finding[],
  where: string,
  open: () => Promise<unknown>,
  shown: string,
): Promise<void> {
  await open();
  // The pointer leaves the button it clicked: that button's hover tooltip would otherwise open
  // whenever it likes, and axe measuring it half faded in reports a contrast it never has.
  await page.mouse.move(0, 0);
  await page.locator(shown).first().waitFor();
  await settled(page);
  findings.push(...(await seriousViolations(page, where)));
  await page.keyboard.press('Escape');
  await page.locator(shown).first().waitFor({ state: 'detached' });
  await settled(page);
}

/** Every dialog and drawer of the console, each on the screen it belongs to. */
async function sweepDialogs(page: Page, findings: Finding[], v: string): Promise<void> {
  const click = (testId: string) => () => page.getByTestId(testId).first().click();
  await go(page, '/web/book');
  await withOpen(page, findings, `${v} /web/book create form`, click('create-record'), '[data-testid=resource-form]');
  await withOpen(page, findings, `${v} /web/book edit form`, click('row-edit'), '[data-testid=resource-form]');
  // The image picker opens over the edit form; Escape closes the picker, then the form.
  await click('row-edit')();
  await withOpen(
    page,
    findings,
    `${v} /web/book image picker`,
    click('field-coverUrl-library'),
    '[data-testid=image-picker-list] [role=option]',
  );
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=resource-form]').waitFor({ state: 'detached' });
  await withOpen(page, findings, `${v} /web/book delete confirm`, click('row-delete'), '[data-testid=confirm-delete]');
  await withOpen(page, findings, `${v} /web/book import dialog`, click('import-csv'), '[data-testid=import-drop]');
  // Batch edit needs a selection: the page's rows, ticked with the header checkbox (and unticked after).
  await page.getByTestId('select-all').check();
  await withOpen(page, findings, `${v} /web/book batch edit`, click('batch-edit'), '[data-testid=batch-scope]');
  await page.getByTestId('select-all').uncheck();
  await withOpen(page, findings, `${v} settings drawer`, click('settings-button'), '[data-testid=color-scheme]');
  await withOpen(
    page,
    findings,
    `${v} search spotlight`,
    () => page.keyboard.press('Control+k'),
    '[role=dialog] input',
  );
  await withOpen(
    page,
    findings,
    `${v} shortcuts help`,
    () => page.keyboard.press('Shift+?'),
    '[data-testid=shortcuts-table]',
  );
  await go(page, '/web/news');
  await withOpen(page, findings, `${v} news preview`, click('news-preview-open'), '[data-testid=news-preview]');
  await go(page, '/users/online');
  await withOpen(page, findings, `${v} message drawer`, click('message-open'), '[data-testid=message-drawer]');
  await go(page, '/users/apply');
  await withOpen(
    page,
    findings,
    `${v} transition modal`,
    () => page.locator('button[data-testid^="apply-"]').first().click(),
    '[data-testid=transition-dialog]',
  );
}

describe('axe-core sweep (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)', () => {
  // A11Y_VARIANTS=en,ja narrows the sweep while fixing what it finds; the suite runs all five.
  const only = process.env.A11Y_VARIANTS?.split(',');
  for (const variant of VARIANTS.filter((x) => !only || only.includes(x.name))) {
    it(`${variant.name}: no serious or critical violations on any screen or open dialog`, async () => {
      const context = await variantContext(browser, server.url, variant);
      const page = await context.newPage();
      const findings: Finding[] = [];
      const v = variant.name;

      try {
        await page.goto('/login');
        await settled(page);
        findings.push(...(await seriousViolations(page, `${v} /login`)));
        await signInAnyLanguage(page);
        await settled(page);

        for (const path of CONSOLE_SCREENS) {
          await go(page, path);
          findings.push(...(await seriousViolations(page, `${v} ${path}`)));
        }
        await sweepDialogs(page, findings, v);
        await go(page, '/401');
        findings.push(...(await seriousViolations(page, `${v} /401`)));
        await go(page, '/no-such-page', '/404');
        findings.push(...(await seriousViolations(page, `${v} /404`)));
      } catch (e) {
        // A step that failed still reports what the sweep had found up to then.
        throw new Error(`${(e as Error).message}\nFound before that:\n${report(findings)}`);
      } finally {
        await context.close();
      }
      expect(findings, report(findings)).toEqual([]);
    }, 240_000);
  }
});

describe('keyboard focus', () => {
  /** What has the focus, named by its test id (or tag). */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? null;
    });

  it('returns to the button that opened a dialog or drawer when Escape closes it', async () => {
    const context = await variantContext(browser, server.url, { language: 'en', dark: false });
    const page = await context.newPage();
    await signInAnyLanguage(page);
    const cases: [path: string, opener: string, shown: string][] = [
      ['/web/book', 'create-record', '[data-testid=resource-form]'],
      ['/web/book', 'row-edit', '[data-testid=resource-form]'],
      ['/web/book', 'row-delete', '[data-testid=confirm-delete]'],
      ['/web/book', 'settings-button', '[data-testid=color-scheme]'],
      ['/web/book', 'header-search', '[role=dialog] input'],
      ['/web/news', 'news-preview-open', '[data-testid=news-preview]'],
      ['/users/online', 'message-open', '[data-testid=message-drawer]'],
      ['/users/apply', 'apply-approved', '[data-testid=transition-dialog]'],
    ];
    const missed: string[] = [];
    for (const [path, opener, shown] of cases) {
      await go(page, path);
      // Twice: the first opening loads the dialog's code, the second finds it loaded.
      for (const round of [1, 2]) {
        await page.getByTestId(opener).first().focus();
        await page.keyboard.press('Enter');
        await page.locator(shown).first().waitFor();
        await settled(page);
        expect(await focused(page), `${opener}: focus moves into the dialog`).not.toBe(opener);
        await page.keyboard.press('Escape');
        await page.locator(shown).first().waitFor({ state: 'detached' });
        await settled(page);
        // The focus comes back once the dialog is gone: a moment after it is detached.
        const back = await expect
          .poll(() => focused(page), { timeout: 3000 })
          .toBe(opener)
          .then(() => true)
          .catch(() => false);
        if (!back) missed.push(`${path} ${opener} (round ${round}): focus on ${await focused(page)}`);
      }
    }
    expect(missed).toEqual([]);
    await context.close();
  });

  it('rings a focused field with at least 2 px, in the light and the dark scheme', async () => {
    for (const dark of [false, true]) {
      const context = await variantContext(browser, server.url, { language: 'en', dark });
      const page = await context.newPage();
      await signInAnyLanguage(page, '/web/book');
      await settled(page);
      const ring = async () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const s = getComputedStyle(el);
          const outline = s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth);
          // A box-shadow ring counts as well: its spread is the last length of the shadow.
          const spread = [...s.boxShadow.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
          return Math.max(outline, spread.length >= 4 ? (spread[3] as number) : 0);
        });
      await page.getByTestId('list-keyword').focus();
      expect(await ring(), `keyword field (${dark ? 'dark' : 'light'})`).toBeGreaterThanOrEqual(2);
      await page.getByTestId('create-record').click();
      await page.getByTestId('resource-form').waitFor();
      await page.getByTestId('resource-form').locator('input').first().focus();
      expect(await ring(), `form field (${dark ? 'dark' : 'light'})`).toBeGreaterThanOrEqual(2);
      await context.close();
    }
  });
});

describe('tables in Spanish and Japanese', () => {
  /** Badges and headers drawn narrower than their text, and headers on more than one line. */
  const cutOff = (page: Page) =>
    page.evaluate(() => {
      const out: string[] = [];
      for (const label of document.querySelectorAll<HTMLElement>('tbody .mantine-Badge-label')) {
        if (label.scrollWidth - label.clientWidth > 1) out.push(`badge "${label.textContent}"`);
      }
      for (const th of document.querySelectorAll<HTMLElement>('thead th')) {
        const text = th.textContent?.trim() ?? '';
        if (!text || th.querySelector('.mantine-VisuallyHidden-root')) continue;
        if (th.scrollWidth - th.clientWidth > 1)
          out.push(`header "${text}" cut (${th.scrollWidth} > ${th.clientWidth})`);
        // The lines its text is drawn on (text nodes only: the sort icon sits lower).
        const lines = new Set<number>();
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.bottom));
        }
        if (lines.size > 1) out.push(`header "${text}" on ${lines.size} lines`);
      }
      return out;
    });

  for (const language of ['es', 'ja'] as const) {
    for (const width of [900, 1280]) {
      it(`${language} at ${width} px: no status badge or header is cut off or broken`, async () => {
        const context = await variantContext(browser, server.url, { language, dark: false }, { width, height: 800 });
        const page = await context.newPage();
        await signInAnyLanguage(page);
        const found: string[] = [];
        for (const path of ['/users/apply', '/web/book', '/web/resource', '/users/user', '/users/adminuser']) {
          await go(page, path);
          await page.getByTestId('resource-row').first().waitFor();
          await settled(page);
          found.push(...(await cutOff(page)).map((f) => `${path}: ${f}`));
          if (path === '/web/book') {
            // Long titles are clamped; each one cut shows its full text on hover.
            const clamped = await page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('tbody [data-line-clamp]')]
                .filter((el) => el.scrollHeight - el.clientHeight > 1)
                .map((el) => el.title === el.textContent),
            );
            expect(clamped.every(Boolean), 'every cut title has its full text as a title').toBe(true);
          }
        }
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }
});
