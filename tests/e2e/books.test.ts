import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, screenshot } from './browser';
import { pick, rows, submit, urlSearch } from './lists';
import { e2eSession, type ListPage } from './session';

const session = e2eSession();

let fiction: number;
let mystery: number;
let science: number;

interface BookRow {
  id: number;
  title: string;
  stock: number;
  version: number;
}

beforeAll(async () => {
  fiction = (await api<{ id: number }>('/category', { body: { name: 'E2E Fiction', sort: 1 }, token: session.token }))
    .id;
  science = (await api<{ id: number }>('/category', { body: { name: 'E2E Science', sort: 2 }, token: session.token }))
    .id;
  mystery = (
    await api<{ id: number }>('/category/subclass', {
      body: { categoryId: fiction, name: 'Mystery', sort: 1 },
      token: session.token,
    })
  ).id;
  for (let i = 1; i <= 15; i++) {
    const n = String(i).padStart(2, '0');
    await api('/book', {
      body: {
        title: `Fiction volume ${n}`,
        author: 'Agatha E2E',
        categoryId: fiction,
        subclassId: mystery,
        stock: i,
        status: 'on_shelf',
      },
      token: session.token,
    });
  }
  for (let i = 1; i <= 10; i++) {
    await api('/book', {
      body: { title: `Science volume ${i}`, author: 'Marie E2E', categoryId: science, stock: 3, status: 'off_shelf' },
      token: session.token,
    });
  }
});

async function signedIn(): Promise<Page> {
  const page = await session.signedIn('/web/book');
  await rows(page).first().waitFor();
  return page;
}

describe('books list', () => {
  it('on a phone the filters wait behind a Filters button, which counts the ones set', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByTestId('filters-toggle');
    await toggle.waitFor();
    expect(await page.getByTestId('filter-categoryId').count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toBe('Filters');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'E2E Fiction' }).click();
    await expect.poll(() => urlSearch(page).categoryId).toBe(String(fiction));
    await expect.poll(() => toggle.textContent()).toBe('Filters (1)');
    // Wider than a phone: the filters stand in the bar again, without the button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('filter-categoryId').waitFor();
    expect(await toggle.count()).toBe(0);
    await page.context().close();
  });

  it('pages, filters and sorts on the server and keeps it all in the URL across reload and back', async () => {
    const page = await signedIn();
    await expect.poll(() => rows(page).count()).toBe(10);
    await screenshot(page, 'books-list');

    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'E2E Fiction' }).click();
    await expect.poll(() => urlSearch(page).categoryId).toBe(String(fiction));
    await expect.poll(() => page.getByTestId('list-total').textContent()).toContain('15');

    await page.getByTestId('pagination').getByRole('button', { name: '2' }).click();
    await expect.poll(() => urlSearch(page).pageNum).toBe('2');
    await expect.poll(() => rows(page).count()).toBe(5);

    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(urlSearch(page)).toMatchObject({ pageNum: '2', categoryId: String(fiction) });
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Fiction volume');

    await page.goBack();
    await expect.poll(() => urlSearch(page).pageNum).toBeUndefined();
    await expect.poll(() => rows(page).count()).toBe(10);

    // Sort by title ascending, then descending, each answered by the server.
    await page.getByTestId('sort-title').click();
    await expect.poll(() => urlSearch(page)).toMatchObject({ sort: 'title', order: 'asc' });
    await expect.poll(() => rows(page).first().textContent()).toContain('Fiction volume 01');
    await page.getByTestId('sort-title').click();
    await expect.poll(() => urlSearch(page).order).toBe('desc');
    await expect.poll(() => rows(page).first().textContent()).toContain('Fiction volume 15');
    await page.context().close();
  });

  it('searches by keyword (debounced, on the server)', async () => {
    const page = await signedIn();
    await page.getByTestId('list-keyword').fill('Science volume 1');
    await expect.poll(() => urlSearch(page).keyword).toBe('Science volume 1');
    // "Science volume 1" and "Science volume 10".
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.context().close();
  });
});

describe('book form', () => {
  it('validates as you type, shows server field errors, creates, edits and deletes with confirm', async () => {
    const page = await signedIn();
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Title').fill('The E2E Companion');
    await form.getByLabel('Author').fill('Tess Tester');
    await form.getByLabel('ISBN').fill('978-0-306-40615-8');
    await form.getByText('must be an ISBN-10 or ISBN-13 with a valid check digit').waitFor();
    await form.getByLabel('ISBN').fill('978-0-306-40615-7');
    await expect.poll(() => form.getByText('valid check digit').count()).toBe(0);
    await pick(page, 'Category', 'E2E Science');
    await form.getByLabel('Stock').fill('4');
    await pick(page, 'Status', 'On shelf');
    await submit(page);

    const created = (
      await api<ListPage<BookRow>>('/book/page', {
        body: { pageNum: 1, pageSize: 10, keyword: 'E2E Companion' },
        token: session.token,
      })
    ).items[0];
    expect(created).toMatchObject({ title: 'The E2E Companion', stock: 4 });

    // The server's field error (duplicate ISBN) appears under its field: the same book under its
    // ISBN-10 is the same book.
    await page.getByTestId('create-record').click();
    await form.getByLabel('Title').fill('A copycat');
    await form.getByLabel('Author').fill('Someone');
    await form.getByLabel('ISBN').fill('0-306-40615-2');
    await pick(page, 'Category', 'E2E Science');
    await form.getByLabel('Stock').fill('1');
    await pick(page, 'Status', 'Off shelf');
    await form.getByTestId('form-submit').click();
    await expect
      .poll(async () => (await form.getByTestId('field-isbn').getAttribute('aria-invalid')) === 'true')
      .toBe(true);
    // Closing a dirty form asks before discarding it.
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-discard').click();
    await form.waitFor({ state: 'detached' });

    // Edit.
    await page.getByTestId('list-keyword').fill('E2E Companion');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Edit The E2E Companion' }).click();
    await form.getByLabel('Stock').fill('9');
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).first().textContent()).toContain('9');
    const edited = (
      await api<ListPage<BookRow>>('/book/page', { body: { keyword: 'E2E Companion' }, token: session.token })
    ).items[0];
    expect(edited).toMatchObject({ stock: 9, version: (created?.version ?? 0) + 1 });
    await screenshot(page, 'books-after-edit');

    // Delete with confirm.
    await page.getByRole('button', { name: 'Delete The E2E Companion' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => rows(page).count()).toBe(0);
    const after = await api<ListPage<BookRow>>('/book/page', {
      body: { keyword: 'E2E Companion' },
      token: session.token,
    });
    expect(after.total).toBe(0);
    await page.context().close();
  });
});
