import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { launch } from './chromium';
import { layoutDefects } from './layout-checks';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server-process';

/**
 * The loans report in Chromium, on a server of its own (the report counts every loan of a period,
 * so no other file's applications may land in it): a lending history written straight into its
 * SQLite file, the report read in Spanish and Japanese at a phone's and a laptop's width, the
 * period changed, the CSV downloaded.
 */
const DAY = 86_400_000;
let server: RunningServer;
let dataDir = '';
let browser: Browser;
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);

interface Loan {
  approvedAt: string;
  dueAt: string;
  returnedAt: string | null;
}
const loans: Loan[] = [];
const BOOKS = 12;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lectern-e2e-loans-'));
  server = await startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
  });
  const db = new SQLite(join(dataDir, 'lectern.sqlite'));
  const at = new Date(now - 800 * DAY).toISOString();
  db.transaction(() => {
    const cat = db.prepare(
      'insert into category (name, sort, version, created_at, updated_at) values (?, ?, 0, ?, ?) returning id',
    );
    const cats = ['Novela histórica contemporánea', '推理小説'].map(
      (n, i) => (cat.get(n, i, at, at) as { id: number }).id,
    );
    const book = db.prepare(
      `insert into book (title, author, category_id, stock, status, version, created_at, updated_at)
       values (?, 'Autora', ?, 3, 'on_shelf', 0, ?, ?) returning id`,
    );
    const books = Array.from(
      { length: BOOKS },
      (_, i) => (book.get(`Libro del préstamo ${i + 1} — 貸出の本`, cats[i % 2], at, at) as { id: number }).id,
    );
    const reader = db.prepare(
      `insert into reader (nick_name, phone, status, version, created_at, updated_at)
       values ('Lectora', '13611112222', 'active', 0, ?, ?) returning id`,
    );
    const readerId = (reader.get(at, at) as { id: number }).id;
    const apply = db.prepare(
      `insert into application (reader_id, book_id, status, approved_at, due_at, returned_at, version, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    );
    // One loan every 3 days over the last 400 days, on the first 9 books (the last 3 never lent);
    // two in three returned, one in five of those late.
    for (let i = 0; i < 134; i++) {
      const approved = now - i * 3 * DAY - 3_600_000;
      const returned = i % 3 === 2 ? null : approved + (i % 5 === 0 ? 30 : 10) * DAY;
      const loan: Loan = {
        approvedAt: new Date(approved).toISOString(),
        dueAt: new Date(approved + 21 * DAY).toISOString(),
        returnedAt: returned === null || returned > now ? null : new Date(returned).toISOString(),
      };
      loans.push(loan);
      const b = books[(i * 7) % 9] as number;
      apply.run(
        readerId,
        b,
        loan.returnedAt ? 'returned' : 'approved',
        loan.approvedAt,
        loan.dueAt,
        loan.returnedAt,
        loan.approvedAt,
        loan.approvedAt,
      );
    }
  })();
  db.close();
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Loans and late ones of [from, to] as the report must count them. */
function expected(from: string, to: string) {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString();
  const nowIso = new Date().toISOString();
  const inPeriod = loans.filter((l) => l.approvedAt >= start && l.approvedAt < end);
  const late = inPeriod.filter((l) => (l.returnedAt ? l.returnedAt > l.dueAt : l.dueAt < nowIso));
  return { loans: inPeriod.length, late: late.length };
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

async function openReport(language: 'es' | 'ja', width: number, search = ''): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: width < 600 ? 844 : 768 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  await context.addCookies([{ name: 'language', value: language, url: server.url }]);
  const page = await context.newPage();
  const path = `/users/loans-report${search}`;
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('tab').nth(1).click();
  const panel = page.getByRole('tabpanel');
  await panel.locator('input:not([type=password])').first().fill('admin');
  await panel.locator('input[type=password]').fill(ADMIN_PASSWORD);
  await panel.locator('input[type=password]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/users/loans-report');
  await page.getByTestId('loans-figure-loans-value').waitFor();
  await page.getByTestId('loans-top-books').waitFor();
  await page.evaluate(() => document.fonts.ready);
  return page;
}

const figure = (page: Page, id: string) => page.getByTestId(`loans-figure-${id}-value`).textContent();

describe('the loans report', () => {
  for (const language of ['es', 'ja'] as const) {
    for (const width of [390, 1366]) {
      it(`${language} at ${width} px: the figures in the language, the chart as a table, nothing cut`, async () => {
        const from = `${today.slice(0, 4)}-01-01`;
        const page = await openReport(language, width, `?from=${from}&to=${today}`);
        const want = expected(from, today);
        expect(await figure(page, 'loans')).toBe(new Intl.NumberFormat(language).format(want.loans));
        const rate = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
          want.late / want.loans,
        );
        expect(await figure(page, 'overdue')).toBe(rate);
        expect(await figure(page, 'never')).toBe('3');
        // The preset this period is is pressed; the menu names the page in the language.
        expect(await page.getByTestId('loans-preset-year').getAttribute('aria-pressed')).toBe('true');
        expect(await page.title()).toBe(
          language === 'es' ? 'Informe de préstamos - Lectern' : '貸出レポート - Lectern',
        );
        // The chart is an image with a name, and its values a table: one row per month.
        const chart = page.getByTestId('loans-month-chart');
        expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/\d/);
        const months = Number(today.slice(5, 7));
        expect(await chart.locator('table tbody tr').count()).toBe(months);
        const defects = await layoutDefects(page, { phone: width < 600 });
        expect(defects).toEqual([]);
        await screenshot(page, `loans-report-${language}-${width}`);
        await page.getByTestId('loans-top-books').scrollIntoViewIfNeeded();
        await screenshot(page, `loans-report-${language}-${width}-books`);
        await page.context().close();
      });
    }
  }

  it('changes the period: a preset, then days typed', async () => {
    const page = await openReport('es', 1366);
    // Opened bare: the last 30 days.
    expect(await page.getByTestId('loans-preset-last30').getAttribute('aria-pressed')).toBe('true');
    expect(await figure(page, 'loans')).toBe(String(expected(shift(today, -29), today).loans));

    await page.getByTestId('loans-preset-last12').click();
    const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 11);
    const from12 = d.toISOString().slice(0, 10);
    await page.waitForURL((u) => u.searchParams.get('from') === from12 && u.searchParams.get('to') === today);
    await expect.poll(() => figure(page, 'loans')).toBe(String(expected(from12, today).loans));
    expect(await page.getByTestId('loans-month-chart').locator('table tbody tr').count()).toBe(12);

    // Days typed in Spanish order (dd/mm/aaaa): 60 days back to 31 days back.
    const from = shift(today, -60);
    const to = shift(today, -31);
    const es = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    await page.getByTestId('loans-to').fill(es(to));
    await page.getByTestId('loans-from').fill(es(from));
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === to);
    await expect.poll(() => figure(page, 'loans')).toBe(String(expected(from, to).loans));
    expect(await page.getByTestId('loans-preset-last30').getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('downloads the same figures as CSV', async () => {
    const from = shift(today, -364);
    const page = await openReport('ja', 1366, `?from=${from}&to=${today}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('loans-csv').click()]);
    expect(download.suggestedFilename()).toBe(`loans-report-${from}-${today}.csv`);
    const file = join(dataDir, 'report.csv');
    await download.saveAs(file);
    const text = (await readFile(file, 'utf8')).replace(/^\ufeff/, '');
    const summary = Object.fromEntries(
      text
        .split('\r\n\r\n')[0]
        ?.split('\r\n')
        .slice(2)
        .map((l) => l.split(',')) ?? [],
    );
    const want = expected(from, today);
    expect(summary).toMatchObject({
      from,
      to: today,
      loans: String(want.loans),
      late: String(want.late),
      never_borrowed: '3',
    });
    expect(text).toContain('# Top books\r\nrank,book_id,title,category,loans\r\n1,');
    expect(text).toContain('貸出の本');
    await page.context().close();
  });
});
