import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adminToken, api, baseURL, launch, newContext, screenshot, signIn } from './browser';
import { listPage, rows, urlSearch } from './lists';

/**
 * Import from CSV and batch edit on the Books screen, in Chromium against the real server: a
 * 300-row file with two bad rows is flagged, fixed and imported; 40 books change category at once.
 */
let browser: Browser;
let token: string;
let source: number;
let target: number;
const dir = mkdtempSync(join(tmpdir(), 'lectern-import-'));

interface BookRow {
  id: number;
  title: string;
  isbn: string | null;
  categoryId: number;
  version: number;
}

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  source = (await api<{ id: number }>('/category', { body: { name: 'E2E Import source', sort: 1 }, token })).id;
  target = (await api<{ id: number }>('/category', { body: { name: 'E2E Batch target', sort: 2 }, token })).id;
});
afterAll(() => browser?.close());

async function booksScreen(): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.goto('/login?redirect=%2Fweb%2Fbook');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/web/book');
  return page;
}

/** A valid ISBN-13 for n (978 prefix, computed check digit), so the 300 rows are distinct. */
function isbn13(n: number): string {
  const twelve = `978${String(1_000_000_000 + n).slice(1)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** 300 books; with `broken`, row 52 has a wrong ISBN check digit and row 202 an unknown status. */
function csvFile(name: string, broken: boolean): string {
  const lines = ['title,author,isbn,categoryName,stock,status'];
  for (let i = 0; i < 300; i++) {
    let isbn = isbn13(700_000 + i);
    let status = 'on_shelf';
    if (broken && i === 50) isbn = `${isbn.slice(0, 12)}${(Number(isbn[12]) + 1) % 10}`;
    if (broken && i === 200) status = 'lost';
    lines.push(`Imported ${String(i).padStart(3, '0')},"Writer, E2E",${isbn},E2E Import source,2,${status}`);
  }
  const path = join(dir, name);
  writeFileSync(path, `\ufeff${lines.join('\r\n')}\r\n`);
  return path;
}

describe('import from CSV', () => {
  it('flags the two bad rows of a 300-row file, imports it once fixed, and the list shows the books', async () => {
    const page = await booksScreen();
    await page.getByTestId('import-csv').click();
    const dialog = page.getByTestId('import-dialog').or(page.getByRole('dialog', { name: 'Import from CSV' }));
    await page.getByTestId('import-file').setInputFiles(csvFile('books-broken.csv', true));

    const errors = page.getByTestId('import-error');
    await expect.poll(() => errors.count()).toBe(2);
    expect(await page.getByTestId('import-invalid').textContent()).toContain('2 invalid');
    expect(await page.getByTestId('import-valid').textContent()).toContain('298 valid');
    expect(await errors.nth(0).getAttribute('data-row')).toBe('52');
    expect(await errors.nth(0).textContent()).toContain('Must be an ISBN-10 or ISBN-13 with a valid check digit');
    expect(await errors.nth(1).getAttribute('data-row')).toBe('202');
    expect(await errors.nth(1).getAttribute('data-field')).toBe('status');
    // The first rows as the server read them.
    expect(await page.getByTestId('import-preview').textContent()).toContain('Imported 000');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    await screenshot(page, 'import-report');
    // Nothing was written by the check.
    expect((await listPage<BookRow>(token, '/book', { keyword: 'Imported' })).total).toBe(0);

    await page.getByTestId('import-file').setInputFiles(csvFile('books-fixed.csv', false));
    await expect.poll(() => page.getByTestId('import-invalid').textContent()).toContain('0 invalid');
    await expect.poll(() => errors.count()).toBe(0);
    const run = page.getByTestId('import-run');
    expect(await run.textContent()).toContain('Import 300 rows');
    await run.click();
    await dialog.first().waitFor({ state: 'detached' });

    await page.getByTestId('list-keyword').fill('Imported');
    await expect.poll(() => page.getByTestId('list-total').textContent()).toContain('300');
    await expect.poll(async () => (await rows(page).allTextContents()).join(' ')).toContain('Imported');
    const stored = await listPage<BookRow>(token, '/book', { keyword: 'Imported', sort: 'title', order: 'asc' });
    expect(stored.total).toBe(300);
    expect(stored.items[0]).toMatchObject({ title: 'Imported 000', categoryId: source, isbn: isbn13(700_000) });
  });
});

describe('batch edit', () => {
  it('moves all 40 books matching the search to another category', async () => {
    for (let i = 0; i < 40; i++) {
      await api('/book', {
        body: { title: `Batch move ${i}`, author: 'E2E', categoryId: source, stock: 1, status: 'on_shelf' },
        token,
      });
    }
    const page = await booksScreen();
    await page.getByTestId('list-keyword').fill('Batch move');
    // Select only once the search has reached the URL: the unfiltered list (its total may well
    // contain "40") is another selection scope, and the search's arrival rightly clears it.
    await expect.poll(() => urlSearch(page).keyword).toBe('Batch move');
    await expect.poll(() => page.getByTestId('list-total').textContent()).toBe('40 in total');
    await expect.poll(() => rows(page).count()).toBe(10);

    // Keyboard: the header checkbox is a real checkbox, Space ticks it.
    await page.getByTestId('select-all').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('select-all-matching').click();
    expect(await page.getByTestId('select-all-matching-line').textContent()).toContain('All 40 matching records');
    await page.getByTestId('batch-edit').click();
    const dialog = page.getByTestId('batch-dialog').or(page.getByRole('dialog', { name: 'Batch edit' }));
    expect(await page.getByTestId('batch-scope').textContent()).toContain('All 40 records');
    await page.getByTestId('batch-categoryId').click();
    await page.getByRole('option', { name: 'E2E Batch target', exact: true }).click();
    await page.getByTestId('batch-preview-run').click();
    await expect.poll(() => page.getByTestId('batch-preview').textContent()).toContain('40 of 40 will change');
    await screenshot(page, 'batch-edit-preview');
    await page.getByTestId('batch-apply').click();
    await dialog.first().waitFor({ state: 'detached' });

    const moved = await listPage<BookRow>(token, '/book', { keyword: 'Batch move' });
    expect(moved.total).toBe(40);
    expect(new Set(moved.items.map((b) => b.categoryId))).toEqual(new Set([target]));
    expect(new Set(moved.items.map((b) => b.version))).toEqual(new Set([1]));
    // The list shows the new category without a reload.
    await expect.poll(async () => (await rows(page).first().textContent()) ?? '').toContain('E2E Batch target');
  });
});

/** The Books screen in `language`, signed in (the form is English), showing `path`. */
async function booksIn(language: string, path: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fweb%2Fbook');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.waitForURL((u) => u.pathname === '/web/book');
  await context.addCookies([{ name: 'language', value: language, url: baseURL() }]);
  await page.goto(path);
  return page;
}

/** A download's file name and text, kept at `dir/name`. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path, text: readFileSync(path, 'utf8') };
}

const header = (csv: string) => (csv.replace(/^\ufeff/, '').split(/\r\n/)[0] ?? '').split(',');

describe('the export for people and the template', () => {
  it('imports the Spanish export for people back, under its own file name', async () => {
    for (const [i, status] of ['on_shelf', 'off_shelf', 'on_shelf'].entries()) {
      await api('/book', {
        body: { title: `Round trip ${i}`, author: 'E2E', categoryId: source, stock: i, status },
        token,
      });
    }
    const page = await booksIn('es', '/web/book?keyword=Round+trip');
    await expect.poll(() => rows(page).count()).toBe(3);

    await page.getByTestId('export-csv').click();
    const people = await download(page, () => page.getByTestId('export-csv-people').click());
    await page.getByTestId('export-csv').click();
    const raw = await download(page, () => page.getByTestId('export-csv-raw').click());
    // Two forms, two names: one download never replaces the other.
    expect(raw.name).toMatch(/^book-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(people.name).toBe(raw.name.replace(/\.csv$/, '-for-people.csv'));
    expect(header(people.text)).toContain('Título');
    expect(header(people.text)).toContain('Estado');

    await page.getByTestId('import-csv').click();
    await page.getByTestId('import-file').setInputFiles(people.path);
    await expect.poll(() => page.getByTestId('import-run').isEnabled()).toBe(true);
    expect(await page.getByTestId('import-refused').count()).toBe(0);
    expect(await page.getByTestId('import-error').count()).toBe(0);
    expect(await page.getByTestId('import-valid').textContent()).toMatch(/^3\b/);
    await screenshot(page, 'import-people-es-1366');
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });

    const stored = await listPage<BookRow & { status: string }>(token, '/book', {
      keyword: 'Round trip',
      sort: 'title',
      order: 'asc',
      pageSize: 10,
    });
    expect(stored.total).toBe(6);
    // Each title twice, with its status read back from "En catálogo" / "Fuera de catálogo".
    expect(stored.items.map((b) => `${b.title}:${b.status}`)).toEqual([
      'Round trip 0:on_shelf',
      'Round trip 0:on_shelf',
      'Round trip 1:off_shelf',
      'Round trip 1:off_shelf',
      'Round trip 2:on_shelf',
      'Round trip 2:on_shelf',
    ]);
    await page.context().close();
  });

  it('downloads a template of the columns an import reads, from the import dialog', async () => {
    for (const language of ['es', 'ja']) {
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        const page = await booksIn(language, '/web/book', viewport);
        // A phone has the import in its More actions menu.
        if (viewport.width < 768) await page.getByTestId('list-more').click();
        await page.getByTestId('import-csv').click();
        await page.getByTestId('import-template').waitFor();
        await screenshot(page, `import-dialog-${language}-${viewport.width}`);
        const template = await download(page, () => page.getByTestId('import-template').click());
        expect(template.name).toBe('book-template.csv');
        expect(header(template.text)).toEqual([
          'title',
          'author',
          'isbn',
          'publisher',
          'categoryName',
          'subclassName',
          'publishDate',
          'stock',
          'status',
          'coverUrl',
          'summary',
        ]);
        // Sent as it is, the server reads every column; only the empty example row's text is missing.
        await page.getByTestId('import-file').setInputFiles(template.path);
        await expect.poll(() => page.getByTestId('import-error').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('import-refused').count()).toBe(0);
        const fields = await page
          .getByTestId('import-error')
          .evaluateAll((es) => es.map((e) => e.getAttribute('data-field')));
        expect(fields).toContain('title');
        expect(fields).not.toContain('status');
        await page.context().close();
      }
    }
  });
});
