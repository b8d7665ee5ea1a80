import { describe, expect, it } from 'vitest';
import { api, baseURL, screenshot } from './browser';
import { deleteRow, rows } from './lists';
import { e2eSession, type ListPage } from './session';

const session = e2eSession();

/* Home charts, the image library (upload, grid, copy URL, delete) and the admin-only audit log. */

interface ImageRow {
  id: number;
  url: string;
  fileName: string;
  size: number;
}

// A real 1×1 PNG (red pixel): the server decides the type by these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const signedIn = (path: string) => session.signedIn(path);

const images = (keyword: string) =>
  api<ListPage<ImageRow>>('/image/page', { body: { pageNum: 1, pageSize: 100, keyword }, token: session.token });

interface DataPoint {
  date: string;
  newUsers: number;
  applies: number;
  uploads: number;
}

describe('home', () => {
  it("shows the cards and the charts, which draw the server's figures and read them out as a table", async () => {
    const page = await signedIn('/index');
    await page.getByTestId('stat-book-value').waitFor();
    const days = await api<DataPoint[]>('/system/data/list?days=30', { token: session.token });
    const total = (k: keyof Omit<DataPoint, 'date'>) => days.reduce((sum, d) => sum + d[k], 0);
    // English plurals, as the chart's name spells them (one reader, two readers).
    const counted = (k: keyof Omit<DataPoint, 'date'>, one: string, other: string) =>
      `${total(k)} ${total(k) === 1 ? one : other}`;
    const activity = page.getByTestId('chart-activity');
    // An image named by what it shows…
    await activity
      .getByRole('img', {
        name: `Last 30 days: ${counted('newUsers', 'new reader', 'new readers')} · ${counted('applies', 'application', 'applications')} · ${counted('uploads', 'upload', 'uploads')}`,
      })
      .waitFor();
    // …drawn as an area and a line per series…
    expect(await activity.locator('svg [data-series]').count()).toBe(3);
    expect(await activity.locator('svg [data-series] path').count()).toBe(6);
    // …with every day's values in a table for screen readers, as the server sent them.
    const cells = await activity
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    expect(cells).toEqual(days.map((d) => [d.newUsers, d.applies, d.uploads]));
    await activity.getByText('New readers').first().waitFor();

    const vod = await api<{ count: number }>('/system/vod-resource', { token: session.token });
    await page
      .getByTestId('chart-videos')
      .getByRole('img', { name: new RegExp(`^${vod.count} videos, `) })
      .waitFor();
    await page.getByTestId('chart-activity').scrollIntoViewIfNeeded();
    await screenshot(page, 'home-charts');
    await page.context().close();
  });
});

describe('images', () => {
  it('uploads a PNG, shows it in the grid, serves its bytes, copies its URL, refuses a non-image, deletes', async () => {
    const page = await signedIn('/users/image');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('list-total').filter({ hasText: 'in total' }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('image-upload').click();
    await (await chooser).setFiles({ name: 'e2e-red-dot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Uploaded 1 of 1').waitFor();
    const card = rows(page).filter({ hasText: 'e2e-red-dot.png' });
    await card.waitFor();
    // The preview really loaded and decodes, from a small copy of the image (naturalWidth is no
    // proof here: with a srcset it is scaled by the copy's density, and a 1×1 image rounds to 0).
    await expect
      .poll(() =>
        card.locator('img').evaluate(async (img) => {
          const el = img as HTMLImageElement;
          await el.decode();
          return el.currentSrc;
        }),
      )
      .toMatch(/\/prod-api\/files\/images\/[0-9a-f]{32}\.png\?w=\d+$/);

    const stored = (await images('e2e-red-dot')).items[0];
    expect(stored).toMatchObject({ fileName: 'e2e-red-dot.png', size: PNG.length });
    const served = await fetch(new URL(stored?.url ?? '', baseURL()));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    await card.getByTestId('image-copy').click();
    await page.getByText('URL copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(stored?.url ?? '', baseURL()).href);

    // A text file named .png is refused by content: the server's 415 message is shown.
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByTestId('image-upload').click();
    await (await chooser2).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByText('The file is not a PNG, JPEG, WebP or GIF image').first().waitFor();
    await screenshot(page, 'images-grid');

    // Keyword search on the file name, then delete with Undo's window.
    await page.getByTestId('list-keyword').fill('e2e-red');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('e2e-red');
    await expect.poll(() => rows(page).count()).toBe(1);
    await deleteRow(page, {
      count: 1,
      deleted: 'e2e-red-dot.png',
      total: async () => (await images('e2e-red-dot')).total,
    });
    await page.getByTestId('list-empty').waitFor();
    expect((await fetch(new URL(stored?.url ?? '', baseURL()))).status).toBe(404);
    await page.context().close();
  });
});

describe('audit log', () => {
  it('lists who changed what, filters by action and resource, and expands a change from → to', async () => {
    const category = await api<{ id: number; version: number; name: string; sort: number }>('/category', {
      body: { name: 'Audited Shelf', sort: 3 },
      token: session.token,
    });
    await api('/category', {
      method: 'PUT',
      body: { id: category.id, version: category.version, name: 'Audited Shelf II', sort: 3 },
      token: session.token,
    });
    const page = await signedIn('/users/audit');
    await rows(page).first().waitFor();
    await screenshot(page, 'audit-list');

    await page.getByTestId('filter-action').click();
    await page.getByRole('option', { name: 'Changed' }).click();
    await page.getByTestId('filter-resource').click();
    await page.getByRole('option', { name: 'Categories', exact: true }).click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toMatchObject({
        action: 'update',
        resource: 'category',
      });
    await expect
      .poll(async () => (await rows(page).allTextContents()).every((t) => t.includes('Categories')))
      .toBe(true);
    const entry = rows(page).filter({ hasText: new RegExp(`Categories#${category.id}(?!\\d)`) });
    await entry.waitFor();
    // The record by its name, not only its number.
    expect(await entry.textContent()).toContain(`#${category.id} Audited Shelf II`);
    expect(await entry.textContent()).toContain('Changed');
    const toggle = entry.getByTestId('audit-details');
    await toggle.click();
    // The panel has finished opening (a screenshot mid-transition shows it clipped).
    const panel = entry.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect
      .poll(() => panel.evaluate((el) => el.clientHeight > 0 && el.clientHeight === el.scrollHeight))
      .toBe(true);
    // Fields by the names the forms give them, not the contract's keys.
    expect(await toggle.textContent()).toContain('Name');
    const name = entry
      .getByTestId('audit-change')
      .filter({ has: page.getByRole('cell', { name: 'Name', exact: true }) })
      .first();
    await name.waitFor();
    expect(await name.textContent()).toContain('Audited Shelf');
    expect(await name.textContent()).toContain('Audited Shelf II');
    await screenshot(page, 'audit-details');

    // A date range that ends before today finds nothing.
    await page.getByTestId('filter-to').fill('2000-01-01');
    await page.getByTestId('list-empty').waitFor();
    await page.context().close();
  });
});
