import { beforeAll, describe, expect, it } from 'vitest';
import { api, screenshot } from './browser';
import { rows } from './lists';
import { e2eSession } from './session';

/**
 * "Delete all N" with every record matching the filter selected deletes all N (not only the page's
 * rows), in one request; a record a rule keeps is named in the notice and stays.
 */
const session = e2eSession();
let keptTitle: string;

beforeAll(async () => {
  const token = session.token;
  const cat = await api<{ id: number }>('/category', { body: { name: 'Sweep shelf', sort: 9 }, token });
  const ids: number[] = [];
  for (let i = 0; i < 13; i++) {
    const b = await api<{ id: number }>('/book', {
      body: {
        title: `Sweepable ${String(i).padStart(2, '0')}`,
        author: 'Sam Sweep',
        categoryId: cat.id,
        stock: 2,
        status: 'on_shelf',
      },
      token,
    });
    ids.push(b.id);
  }
  // An open application keeps the last one.
  const reader = await api<{ id: number }>('/users', {
    body: { nickName: 'Sweep reader', phone: '13600000883', status: 'active' },
    token,
  });
  await api('/apply', { body: { userId: reader.id, bookId: ids[12] }, token });
  keptTitle = 'Sweepable 12';
});

describe('bulk delete of every match', () => {
  it('deletes all 13 matching books, not only the 10 on the page, and names the one kept', async () => {
    const page = await session.signedIn('/web/book?keyword=Sweepable&sort=title&order=asc');
    await expect.poll(() => rows(page).count()).toBe(10);

    await page.getByTestId('select-all').check();
    expect(await page.getByTestId('bulk-delete').textContent()).toContain('Delete selected (10)');
    await page.getByTestId('select-all-matching').click();
    await expect.poll(() => page.getByTestId('bulk-delete').textContent()).toContain('Delete all 13');

    await page.getByTestId('bulk-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete all matching records' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete all 13 records matching the filter?');
    await page.getByTestId('confirm-delete').click();

    const kept = page.getByTestId('bulk-delete-kept');
    await kept.waitFor();
    expect(await kept.textContent()).toContain(keptTitle);
    expect(await page.getByText('Deleted 12 of 13; 1 kept').count()).toBe(1);
    await screenshot(page, 'bulk-delete-kept');

    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(keptTitle);
    const left = await session.page<{ title: string }>('/book', { keyword: 'Sweepable' });
    expect(left.items.map((b) => b.title)).toEqual([keptTitle]);
    // The selection went with the deleted rows.
    expect(await page.getByTestId('bulk-delete').count()).toBe(0);
    await page.context().close();
  });
});
