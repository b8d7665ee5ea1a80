import { beforeAll, describe, expect, it } from 'vitest';
import { report, seriousViolations } from './axe';
import { api, screenshot } from './browser';
import { form, rows, urlSearch } from './lists';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * Record pages: a book's and a reader's own page (URL-addressable, a tab of its own), opened from
 * the lists and from the audit log. Arranged: a book with three copies, a reader, and one of their
 * applications approved (the stock goes 3 → 2, written to the book's history), and a message they left.
 */

let bookId: number;
let readerId: number;
const TITLE = 'Atlas of Recorded Things';
const READER = 'Rita Recordkeeper';

beforeAll(async () => {
  const token = session.token;
  const category = await api<{ id: number }>('/category', { body: { name: 'E2E Records', sort: 9 }, token });
  bookId = (
    await api<{ id: number }>('/book', {
      body: { title: TITLE, author: 'Ada Archive', categoryId: category.id, stock: 3, status: 'on_shelf' },
      token,
    })
  ).id;
  readerId = (
    await api<{ id: number }>('/users', { body: { nickName: READER, phone: '13700000071', status: 'active' }, token })
  ).id;
  const apply = await api<{ id: number; version: number }>('/apply', { body: { userId: readerId, bookId }, token });
  await api('/apply', { method: 'PUT', body: { id: apply.id, version: apply.version, status: 'approved' }, token });
  // Messages name their writer in free text: one under another name but with the reader's phone.
  await api('/online', { body: { readerName: 'R. Keeper', contact: '13700000071', content: 'Is Atlas back?' }, token });
  await api('/online', { body: { readerName: 'Someone Else', content: 'Not hers' }, token });
});

describe('record pages', () => {
  it("opens a book's page from the list: fields, applications, stock and history; its own tab; a reload keeps it", async () => {
    const page = await session.signedIn('/web/book');
    await page.getByTestId('list-keyword').fill('Atlas of Recorded');
    await page.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/web/book/${bookId}`);
    const check = async () => {
      await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(TITLE);
      await expect.poll(() => page.locator('[data-field="stock"]').textContent()).toBe('2');
      const applications = page.getByTestId('record-applications');
      await expect.poll(() => applications.getByRole('link', { name: READER }).count()).toBe(1);
      await expect.poll(() => page.getByTestId('record-stock').textContent()).toContain('3 → 2');
      // Created, then its stock moved by the approval: two entries, newest first.
      await expect.poll(() => page.getByTestId('history-entry').count()).toBe(2);
    };
    await check();
    // Its tab is named by the book, not by its number.
    await expect
      .poll(() => page.locator(`[data-testid=tag][data-key="/web/book/${bookId}"]`).textContent())
      .toBe(TITLE);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.poll(() => crumbs.getByText('Book', { exact: true }).count()).toBe(1);
    await screenshot(page, 'record-book');
    // Nothing went wrong on the way (render errors land in the error log, shown by its button).
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
    const findings = await seriousViolations(page, 'record page');
    expect(findings, report(findings)).toEqual([]);
    await page.reload();
    await check();
    // The late keyword neither took the user back nor landed on the record page's URL.
    expect(page.url()).toMatch(new RegExp(`/web/book/${bookId}$`));
  });

  it('a click on a result wins over a keyword still being typed while the record page loads', async () => {
    const page = await session.signedIn('/web/book');
    const link = page.getByRole('link', { name: TITLE });
    await link.waitFor();
    // A slow network: the record page's code arrives well after the search box's 300 ms debounce.
    await page.route(/\/assets\/(book_\._id|record-)[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByTestId('list-keyword').fill('Atlas');
    await link.click();
    await page.waitForURL(`**/web/book/${bookId}`);
    await expect.poll(() => page.getByTestId('record-title').textContent(), { timeout: 15_000 }).toBe(TITLE);
    // The late keyword neither took the user back nor landed on the record page's URL.
    expect(page.url()).toMatch(new RegExp(`/web/book/${bookId}$`));
    await page.close();
  });

  it("opens a book's page from the audit log", async () => {
    const page = await session.signedIn('/users/audit');
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForURL(`**/web/book/${bookId}`);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(TITLE);
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(2);
  });

  it("opens a reader's page by keyboard: their applications link to the book; Edit opens the form", async () => {
    const page = await session.signedIn('/users/user');
    await page.getByTestId('list-keyword').fill('Recordkeeper');
    // Focus only once the search has settled: a refetch re-renders the rows (and the focused link).
    await expect.poll(() => urlSearch(page).keyword).toBe('Recordkeeper');
    await expect.poll(() => rows(page).count()).toBe(1);
    const link = page.getByRole('link', { name: READER });
    // The rows have stopped being drawn again: the link is the same element 300 ms apart. (Not
    // 'networkidle': the live event stream, opened once the page is idle, never ends.)
    await expect
      .poll(async () => {
        const before = await link.elementHandle();
        await page.waitForTimeout(300);
        const after = await link.elementHandle();
        return before !== null && after !== null && (await before.evaluate((a, b) => a === b, after));
      })
      .toBe(true);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/users/user/${readerId}`);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(READER);
    const applications = page.getByTestId('record-applications');
    await expect.poll(() => applications.getByRole('link', { name: TITLE }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(1);
    const messages = page.getByTestId('record-messages');
    await expect
      .poll(() => messages.locator('tbody tr').allTextContents())
      .toEqual([expect.stringContaining('Is Atlas back?')]);
    await page.getByTestId('record-edit').click();
    await expect.poll(() => form(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => form(page).isVisible()).toBe(false);
    // The book's page is one click away, and each record keeps a tab of its own.
    await applications.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/web/book/${bookId}`);
    const tags = page.getByTestId('tags-view');
    await expect.poll(() => tags.locator(`[data-key="/users/user/${readerId}"]`).textContent()).toBe(READER);
    await expect.poll(() => tags.locator(`[data-key="/web/book/${bookId}"]`).textContent()).toBe(TITLE);
  });

  it('says so when the record does not exist', async () => {
    const page = await session.signedIn('/web/book/999999');
    await expect.poll(() => page.getByTestId('record-error').isVisible()).toBe(true);
  });
});
