import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, settled, signInAnyLanguage, variantContext } from './a11y-helpers';
import { api, baseURL, screenshot } from './browser';
import { describeDefects, layoutDefects } from './layout-checks';
import { form, submit, toasts, toastsCover, urlSearch } from './lists';
import { writeRandomFile } from './random-file';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * What a newcomer met in Spanish and Japanese on the upload panel (a file not sent yet read
 * "Listo", an empty queue showed five disabled buttons, the cover field did not say what empty
 * means), on date fields (the browser's mm/dd/yyyy whatever the console's language; a publish date
 * shown as ISO) and on a phone's form (an upload's toast lay over Cancel and Save).
 */

const LANGUAGES = ['es', 'ja'] as const satisfies readonly Language[];
const WIDTHS = [390, 1366];

// A real 1×1 PNG: the server decides the type by these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** The words the screens should say, in each language (the catalogues' translations). */
const WORDS = {
  waiting: { es: 'Pendiente de subir', ja: 'アップロード待ち' },
  coverHint: {
    es: 'Opcional. Si no hay ninguna, el primer fotograma tomado al procesar el video será su portada.',
    ja: '任意です。指定しない場合は、動画の処理時に撮影される最初のフレームがカバーになります。',
  },
  pattern: { es: 'dd/mm/aaaa', ja: 'yyyy/mm/dd' },
  badDate: { es: 'Escriba la fecha como dd/mm/aaaa', ja: '日付は yyyy/mm/dd の形式で入力してください' },
} as const;

let work: string;
let category: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'lectern-uploads-dates-'));
  category = (await api<{ id: number }>('/category', { body: { name: 'Dated shelf', sort: 9 }, token: session.token }))
    .id;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const newBook = (title: string) =>
  api<{ id: number }>('/book', {
    body: { title, author: 'Dora Date', categoryId: category, stock: 1, status: 'on_shelf', publishDate: '2008-01-12' },
    token: session.token,
  });

async function open(language: Language, width: number, path: string): Promise<Page> {
  const context = await variantContext(session.browser, baseURL(), { language, dark: false }, { width, height: 844 });
  const page = await context.newPage();
  await signInAnyLanguage(page, path);
  return page;
}

const noDefects = async (page: Page, where: string, width: number) =>
  expect(describeDefects(where, await layoutDefects(page, { phone: width < 600 }))).toEqual([]);

describe('the upload panel', () => {
  it('shows one line, not five disabled buttons, on an empty queue; a file not sent yet says it waits', async () => {
    const file = join(work, 'clip-to-send.mp4');
    writeRandomFile(file, 1);
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        const page = await open(language, width, '/web/video-upload');
        await page.getByTestId('upload-drop').waitFor();
        await page.getByTestId('upload-empty').waitFor();
        expect(await page.locator('#main-content button:disabled').count()).toBe(0);
        expect(await page.getByTestId('upload-start').count()).toBe(0);
        await settled(page);
        await screenshot(page, `upload-empty-${language}-${width}`);

        await page.getByTestId('upload-input').setInputFiles(file);
        const item = page.getByTestId('upload-item');
        await item.waitFor();
        // Waiting, in the language, and not the word a finished video gets ("Listo" / "Listo para ver").
        expect(await item.getByTestId('upload-state').textContent()).toBe(WORDS.waiting[language]);
        // The empty cover field says what happens without one.
        await item.getByText(WORDS.coverHint[language]).waitFor();
        expect(await page.getByTestId('upload-empty').count()).toBe(0);
        await page.getByTestId('upload-start').waitFor();
        await settled(page);
        await screenshot(page, `upload-waiting-${language}-${width}`);
        await noDefects(page, `upload panel ${language} ${width}`, width);
        await page.context().close();
      }
    }
  });
});

describe('dates in the console’s language', () => {
  it('shows a publish date as other dates, and date fields in the language’s order', async () => {
    for (const language of LANGUAGES) {
      const { id } = await newBook(`Dated book ${language}`);
      const page = await open(language, 1366, `/web/book/${id}`);
      const shown = page.locator('[data-field="publishDate"]');
      await shown.waitFor();
      const medium = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
      expect(await shown.textContent()).toBe(medium.format(Date.UTC(2008, 0, 12)));

      await page.getByTestId('record-edit').click();
      const field = form(page).getByTestId('field-publishDate');
      expect(await field.getAttribute('placeholder')).toBe(WORDS.pattern[language]);
      expect(await field.inputValue()).toBe(language === 'es' ? '12/01/2008' : '2008/01/12');
      // No such day: said in the field's own words, and not saved.
      await field.fill(language === 'es' ? '31/02/2009' : '2009/02/31');
      await form(page).getByText(WORDS.badDate[language]).waitFor();
      await screenshot(page, `date-field-invalid-${language}`);
      // Typed in the language's order, loosely: day 3, month 2 in Spanish; year first in Japanese.
      await field.fill(language === 'es' ? '3/2/2009' : '2009/2/3');
      expect(await form(page).getByText(WORDS.badDate[language]).count()).toBe(0);
      await submit(page);
      await expect
        .poll(async () => (await api<{ publishDate: string }>(`/book/${id}`, { token: session.token })).publishDate)
        .toBe('2009-02-03');
      await expect.poll(() => shown.textContent()).toBe(medium.format(Date.UTC(2009, 1, 3)));
      await page.context().close();
    }
  });

  it('writes a range filter’s days in the language’s order and sends them as days', {
    timeout: 180_000,
  }, async () => {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        const page = await open(language, width, '/users/apply');
        await page.goto('/users/apply?createdTo=2030-12-31');
        // A phone keeps the filters behind a button.
        if (width < 600) await page.getByTestId('filters-toggle').click();
        const from = page.getByTestId('filter-createdFrom');
        const to = page.getByTestId('filter-createdTo');
        await to.waitFor();
        expect(await from.getAttribute('placeholder')).toBe(WORDS.pattern[language]);
        expect(await to.inputValue()).toBe(language === 'es' ? '31/12/2030' : '2030/12/31');
        await from.fill(language === 'es' ? '12/01/2008' : '2008/01/12');
        await expect.poll(() => urlSearch(page)).toMatchObject({ createdFrom: '2008-01-12', createdTo: '2030-12-31' });
        // The whole day shows in its box.
        expect(await from.evaluate((e: HTMLInputElement) => e.scrollWidth <= e.clientWidth)).toBe(true);
        await settled(page);
        await screenshot(page, `date-range-filter-${language}-${width}`);
        await page.context().close();
      }
    }
  });
});

describe('toasts and a form’s action bar', () => {
  it('an upload’s toast stays clear of Cancel and Save on a phone and a laptop', async () => {
    const { id } = await newBook('Toasted book');
    for (const width of WIDTHS) {
      const page = await open('ja', width, `/web/book/${id}`);
      await page.getByTestId('record-edit').click();
      await form(page).waitFor();
      const chooser = page.waitForEvent('filechooser');
      await form(page).getByTestId('field-coverUrl-upload').click();
      await (await chooser).setFiles({ name: `toast-cover-${width}.png`, mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => toasts(page).count()).toBeGreaterThan(0);
      await page.waitForTimeout(500); // the toast's entrance
      const actions = form(page).getByTestId('form-footer').getByRole('button');
      expect(await actions.count()).toBe(2);
      expect(await toastsCover(page, actions)).toBe(false);
      await screenshot(page, `form-toast-ja-${width}`);
      await page.context().close();
    }
  });
});
