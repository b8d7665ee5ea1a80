import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL, screenshot } from './browser';
import { form, rows, submit } from './lists';
import { writeRandomFile } from './random-file';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * The image picker of every image and cover field: choose from the Images library (mouse and
 * keyboard), upload in place, and what it says when the library cannot be reached.
 */

interface ImageRow {
  id: number;
  url: string;
  fileName: string;
}
interface Row {
  id: number;
  version: number;
  [key: string]: unknown;
}

// A real 1×1 PNG: the server decides the type by these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Puts an image into the library the way the Images screen does (POST /file/upload/img). */
async function uploadToLibrary(fileName: string): Promise<ImageRow> {
  const body = new FormData();
  body.append('file', new Blob([PNG], { type: 'image/png' }), fileName);
  const res = await fetch(`${baseURL()}/prod-api/file/upload/img`, {
    method: 'POST',
    headers: { 'X-Token': session.token },
    body,
  });
  const env = (await res.json()) as { code: number; data: { id: number; url: string } };
  expect(env.code).toBe(20000);
  return { ...env.data, fileName };
}

const library = async (keyword: string) => (await session.page<ImageRow>('/image', { keyword })).items;

let category: number;
const fillers = new Map<string, string>();
const picker = (page: Page) => page.getByTestId('image-picker');

beforeAll(async () => {
  category = (await api<{ id: number }>('/category', { body: { name: 'Picker shelf', sort: 9 }, token: session.token }))
    .id;
  for (const title of ['Picker mouse book', 'Picker keyboard book', 'Picker offline book']) {
    await api('/book', {
      body: { title, author: 'Picker E2E', categoryId: category, stock: 1, status: 'on_shelf' },
      token: session.token,
    });
  }
  // More than one page of the picker (20), so paging and search are needed to find an image.
  for (let i = 1; i <= 22; i++) {
    const image = await uploadToLibrary(`picker-filler-${String(i).padStart(2, '0')}.png`);
    fillers.set(image.fileName, image.url);
  }
});

async function editBook(title: string): Promise<Page> {
  const page = await session.signedIn('/web/book');
  await page.getByTestId('list-keyword').fill(title);
  await rows(page).filter({ hasText: title }).first().waitFor();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await form(page).waitFor();
  return page;
}

describe('image picker', () => {
  it('chooses a book cover from the library with the mouse, and the list shows it after saving', async () => {
    const cover = await uploadToLibrary('picker-mouse-cover.png');
    const page = await editBook('Picker mouse book');
    await form(page).getByTestId('field-coverUrl-library').click();
    await picker(page).getByTestId('image-picker-option').first().waitFor();
    // Newest first over more than one page: paged, with the total.
    await picker(page).getByTestId('image-picker-pagination').waitFor();
    expect(await picker(page).getByTestId('image-picker-option').count()).toBe(20);
    // Every thumbnail carries its size, so the grid does not move as they load, and loads lazily.
    const sized = await picker(page)
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.every((i) => i.getAttribute('width') && i.getAttribute('height') && i.getAttribute('loading') === 'lazy'),
      );
    expect(sized).toBe(true);
    await picker(page).getByTestId('image-picker-search').fill('picker-mouse');
    await expect.poll(() => picker(page).getByTestId('image-picker-option').count()).toBe(1);
    await screenshot(page, 'image-picker');
    await picker(page).getByRole('option', { name: 'picker-mouse-cover.png' }).click();
    await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
    // The form is still open, with the address and its preview.
    expect(await form(page).getByTestId('field-coverUrl').inputValue()).toBe(cover.url);
    // The preview shows a small copy of the picked image, not the original.
    await form(page).getByTestId('field-coverUrl-preview').locator(`img[src^="${cover.url}?w="]`).waitFor();
    await submit(page);

    const book = (await session.page<Row>('/book', { keyword: 'Picker mouse book' })).items[0];
    expect(book?.coverUrl).toBe(cover.url);
    await rows(page).filter({ hasText: 'Picker mouse book' }).locator(`img[src^="${cover.url}?w="]`).waitFor();
    await page.context().close();
  });

  it('picks with the keyboard only, and Escape closes the picker but not the form', async () => {
    const page = await editBook('Picker keyboard book');
    const choose = form(page).getByTestId('field-coverUrl-library');
    await choose.focus();
    await page.keyboard.press('Enter');
    const search = picker(page).getByTestId('image-picker-search');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape leaves the form open and gives the focus back to the button.
    await picker(page).getByTestId('image-picker-option').first().waitFor();
    await page.keyboard.press('Escape');
    await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
    await form(page).waitFor();
    await expect.poll(() => choose.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Fillers 01 to 09, newest first, four a row:  09 08 07 06 / 05 04 03 02 / 01
    await page.keyboard.type('picker-filler-0');
    await expect.poll(() => picker(page).getByTestId('image-picker-option').count()).toBe(9);
    // Tab to the grid: it takes the focus and names the active option (the first) to screen readers.
    await page.keyboard.press('Tab');
    const list = picker(page).getByRole('listbox', { name: 'Images' });
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
    const activeName = async () => {
      const id = await list.getAttribute('aria-activedescendant');
      const option = picker(page).locator(`[id="${id}"]`);
      expect(await option.getAttribute('aria-selected')).toBe('true');
      return option.textContent();
    };
    await expect.poll(activeName).toBe('picker-filler-09.png');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeName).toBe('picker-filler-04.png');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(activeName).toBe('picker-filler-05.png');
    await page.keyboard.press('Enter');
    await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
    const field = form(page).getByTestId('field-coverUrl');
    const picked = fillers.get('picker-filler-05.png');
    expect(await field.inputValue()).toBe(picked);
    // The focus comes back to the field that now holds the address.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await submit(page);
    const book = (await session.page<Row>('/book', { keyword: 'Picker keyboard book' })).items[0];
    expect(book?.coverUrl).toBe(picked);
    await page.context().close();
  });

  it('uploads in place from the banner form: the library lists the image and the banner saves with it', async () => {
    const page = await session.signedIn('/web/banner');
    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('Picker banner');
    const chooser = page.waitForEvent('filechooser');
    await form(page).getByTestId('field-imageUrl-upload').click();
    await (await chooser).setFiles({ name: 'picker-banner-upload.png', mimeType: 'image/png', buffer: PNG });
    const field = form(page).getByTestId('field-imageUrl');
    await expect.poll(() => field.inputValue()).toMatch(/^\/prod-api\/files\/images\//);
    const url = await field.inputValue();
    const listed = await library('picker-banner-upload');
    expect(listed.map((i) => i.url)).toEqual([url]);
    await form(page).getByTestId('field-imageUrl-preview').locator(`img[src^="${url}?w="]`).waitFor();
    // The picker, opened now, marks it as the current image.
    await form(page).getByTestId('field-imageUrl-library').click();
    await picker(page).locator(`[data-url="${url}"][data-current]`).waitFor();
    await page.keyboard.press('Escape');
    await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
    await submit(page);
    const banner = (await session.page<Row>('/banner', { keyword: 'Picker banner' })).items[0];
    expect(banner?.imageUrl).toBe(url);

    // The Images screen lists it.
    await page.goto(`${baseURL()}/users/image`);
    await rows(page).filter({ hasText: 'picker-banner-upload.png' }).waitFor();
    await page.context().close();
  });

  it('says the library cannot be reached when offline, and a pasted address still saves', async () => {
    const page = await editBook('Picker offline book');
    const choose = form(page).getByTestId('field-coverUrl-library');
    await choose.click();
    await picker(page).getByTestId('image-picker-option').first().waitFor();
    await page.context().setOffline(true);
    await picker(page).getByTestId('image-picker-search').fill('nothing-cached-for-this');
    await picker(page).getByTestId('image-picker-unreachable').waitFor();
    expect(await picker(page).getByTestId('image-picker-unreachable').textContent()).toContain('You are offline');
    await page.keyboard.press('Escape');
    await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
    expect(await form(page).getByTestId('field-coverUrl-upload').isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await form(page).getByTestId('field-coverUrl').fill('/favicon.svg');
    await submit(page);
    const book = (await session.page<Row>('/book', { keyword: 'Picker offline book' })).items[0];
    expect(book?.coverUrl).toBe('/favicon.svg');
    await page.context().close();
  });

  it('gives a video being uploaded a cover from the library, which the video record keeps', async () => {
    const cover = await uploadToLibrary('picker-video-cover.png');
    const dir = mkdtempSync(join(tmpdir(), 'lectern-picker-video-'));
    try {
      const path = join(dir, 'picker-film.mp4');
      writeRandomFile(path, 1);
      const page = await session.signedIn('/web/video-upload');
      await page.getByTestId('upload-input').setInputFiles(path);
      const card = page.getByRole('listitem', { name: 'picker-film.mp4', exact: true });
      await card.getByRole('button', { name: 'Choose from library' }).click();
      await picker(page).getByTestId('image-picker-search').fill('picker-video-cover');
      await expect.poll(() => picker(page).getByTestId('image-picker-option').count()).toBe(1);
      await picker(page).getByRole('option', { name: 'picker-video-cover.png' }).click();
      await picker(page).getByRole('dialog').waitFor({ state: 'detached' });
      expect(await card.getByLabel('Cover image').inputValue()).toBe(cover.url);
      await page.getByRole('button', { name: 'Start upload' }).click();
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('Success');
      const video = (await session.page<Row>('/video', { keyword: 'picker-film' })).items[0];
      expect(video?.coverUrl).toBe(cover.url);
      await page.context().close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
