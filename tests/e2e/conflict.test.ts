import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newContext, screenshot, signIn } from './browser';
import { e2eSession } from './session';

const session = e2eSession();
let bookId: number;

beforeAll(async () => {
  const token = session.token;
  const cat = await api<{ id: number }>('/category', { body: { name: 'Conflict shelf', sort: 9 }, token });
  const book = await api<{ id: number }>('/book', {
    body: { title: 'Contested Atlas', author: 'Two Editors', categoryId: cat.id, stock: 5, status: 'on_shelf' },
    token,
  });
  bookId = book.id;
});

async function editor(): Promise<Page> {
  const page = await (await newContext(session.browser)).newPage();
  await page.goto('/login?redirect=%2Fweb%2Fbook%3Fkeyword%3DContested');
  await signIn(page, 'admin', admin.userName, admin.password);
  await page.getByRole('button', { name: 'Edit Contested Atlas' }).click();
  await page.getByTestId('resource-form').waitFor();
  return page;
}

describe('optimistic concurrency', () => {
  it('refuses the second of two edits of one book and shows the conflict, never overwriting', async () => {
    // Both staff members open the same version of the book.
    const first = await editor();
    const second = await editor();

    await first.getByTestId('resource-form').getByLabel('Stock').fill('7');
    await first.getByTestId('form-submit').click();
    await first.getByTestId('resource-form').waitFor({ state: 'detached' });

    await second.getByTestId('resource-form').getByLabel('Stock').fill('2');
    await second.getByTestId('form-submit').click();
    await second.getByTestId('conflict-view').getByText('This record was changed by someone else').waitFor();
    // The 409 carries the saved record, so the comparison shows at once (no extra request).
    const diff = second.getByTestId('conflict-diff');
    await diff.waitFor();
    // The comparison shows the user's value beside the one saved by the other editor.
    await expect.poll(() => diff.textContent()).toMatch(/2.*7|7.*2/s);
    await screenshot(second, 'conflict-dialog');

    // The first edit stands on the server.
    const page = await api<{ items: { id: number; stock: number; version: number }[] }>('/book/page', {
      body: { keyword: 'Contested Atlas' },
      token: session.token,
    });
    expect(page.items.find((b) => b.id === bookId)).toMatchObject({ stock: 7, version: 1 });
    await first.context().close();
    await second.context().close();
  });
});
