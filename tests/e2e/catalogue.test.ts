import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL, screenshot } from './browser';
import { deleteRow, deleteWithUndo, form, pick, rows, submit, urlSearch } from './lists';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * The catalogue screens: categories, category subclasses, resources, bibliography, videos. Data
 * the test is not about is arranged through the API; names carry a per-file prefix so the shared
 * server of a full e2e run does not mix them up with other files' records.
 */

interface Row {
  id: number;
  version: number;
  [key: string]: unknown;
}

let north: number;
let south: number;

beforeAll(async () => {
  north = (await api<Row>('/category', { body: { name: 'Cat North', sort: 1 }, token: session.token })).id;
  south = (await api<Row>('/category', { body: { name: 'Cat South', sort: 2 }, token: session.token })).id;
  for (const [categoryId, name] of [
    [north, 'Ridge'],
    [north, 'Valley'],
    [south, 'Delta'],
  ] as const) {
    await api('/category/subclass', { body: { categoryId, name, sort: 0 }, token: session.token });
  }
});

const signedIn = (path: string) => session.signedIn(path);

const page_ = session.page;

describe('categories', () => {
  it('creates, searches, edits; Undo keeps a deleted category, a completed delete removes it', async () => {
    const page = await signedIn('/web/category');
    await rows(page).first().waitFor();
    await screenshot(page, 'categories-list');

    for (const [name, sort] of [
      ['Poetry nook', '5'],
      ['Drama nook', '6'],
    ] as const) {
      await page.getByTestId('create-record').click();
      await form(page).getByLabel('Name').fill(name);
      await form(page).getByLabel('Sort').fill(sort);
      await form(page).getByLabel('Description').fill(`All ${name.toLowerCase()} titles`);
      await submit(page);
    }
    const poetry = (await page_<Row>('/category', { keyword: 'Poetry nook' })).items[0];
    expect(poetry).toMatchObject({ name: 'Poetry nook', sort: 5, description: 'All poetry nook titles' });

    // A duplicate name is refused by the server and shown under the field.
    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Name').fill('Poetry nook');
    await form(page).getByTestId('form-submit').click();
    await expect.poll(() => form(page).getByTestId('field-name').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-discard').click();
    await form(page).waitFor({ state: 'detached' });

    await page.getByTestId('list-keyword').fill('nook');
    await expect.poll(() => urlSearch(page).keyword).toBe('nook');
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Edit Poetry nook' }).click();
    await form(page).getByLabel('Description').fill('Verse, old and new');
    await submit(page);
    await page.getByText('Verse, old and new').waitFor();
    expect((await page_<Row>('/category', { keyword: 'Poetry nook' })).items[0]).toMatchObject({
      description: 'Verse, old and new',
      version: poetry?.version === undefined ? -1 : poetry.version + 1,
    });

    // Undo: the row leaves at once and comes back. Another delete runs its course: gone from the
    // server after the window...
    await deleteWithUndo(page, {
      count: 2,
      undone: 'Poetry nook',
      deleted: 'Drama nook',
      total: async () => (await page_<Row>('/category', { keyword: 'Drama nook' })).total,
    });
    // ...while the undone one, whose window has long passed too, is still there.
    expect((await page_<Row>('/category', { keyword: 'Poetry nook' })).total).toBe(1);
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Poetry nook')]);
    await page.context().close();
  });
});

describe('deletes the server refuses', () => {
  it('a category still in use: refused at once, never "Deleted … Undo", the row never leaves', async () => {
    const page = await signedIn('/web/category');
    await page.getByTestId('list-keyword').fill('Cat North');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Cat North' }).click();
    await page.getByText('Category “Cat North” is still in use').first().waitFor({ timeout: 3_000 });
    expect(await page.getByTestId('undo-delete').count()).toBe(0);
    expect(await rows(page).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await rows(page).count()).toBe(1);
    expect((await page_<Row>('/category', { keyword: 'Cat North' })).total).toBe(1);
    await page.context().close();
  });

  it("says the refusal in the user's language (the server's rule code, not its English)", async () => {
    const page = await signedIn('/web/category');
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseURL() }]);
    await page.reload();
    await page.getByTestId('list-keyword').fill('Cat North');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: '删除 Cat North' }).click();
    await page.getByText('分类“Cat North”仍在使用中').first().waitFor({ timeout: 5_000 });
    expect(await page.getByText('is still in use').count()).toBe(0);
    expect(await rows(page).count()).toBe(1);
    await page.context().close();
  });
});

describe('category subclasses', () => {
  it('filters by category in the URL, creates in the filtered category, edits, searches and deletes', async () => {
    const page = await signedIn('/web/categorysubclass');
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'Cat North', exact: true }).click();
    await expect.poll(() => urlSearch(page).categoryId).toBe(String(north));
    await expect.poll(() => rows(page).count()).toBe(2);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Cat North');
    await screenshot(page, 'subclasses-filtered');

    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'Cat South', exact: true }).click();
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Delta')]);

    // A new subclass starts in the category the list is filtered by.
    await page.getByTestId('create-record').click();
    await expect.poll(() => form(page).getByLabel('Category').inputValue()).toBe('Cat South');
    await form(page).getByLabel('Name').fill('Estuary');
    await form(page).getByLabel('Sort').fill('3');
    await submit(page);
    await expect.poll(() => rows(page).count()).toBe(2);
    const estuary = (await page_<Row>('/category/subclass', { keyword: 'Estuary' })).items[0];
    expect(estuary).toMatchObject({ categoryId: south, name: 'Estuary', sort: 3 });

    // Edit: move it to the other category; the filter no longer matches it.
    await page.getByRole('button', { name: 'Edit Estuary' }).click();
    await pick(page, 'Category', 'Cat North');
    await form(page).getByLabel('Name').fill('Estuary Bay');
    await submit(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect((await page_<Row>('/category/subclass', { keyword: 'Estuary' })).items[0]).toMatchObject({
      categoryId: north,
      name: 'Estuary Bay',
    });

    await page.goto('/web/categorysubclass');
    await page.getByTestId('list-keyword').fill('Estuary');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Cat North')]);
    await deleteRow(page, {
      count: 1,
      deleted: 'Estuary Bay',
      total: async () => (await page_<Row>('/category/subclass', { keyword: 'Estuary' })).total,
    });
    await page.context().close();
  });
});

describe('resources', () => {
  it('creates with type and category, filters by type, searches, edits, deletes, exports the filter as CSV', async () => {
    for (let i = 1; i <= 3; i++) {
      await api('/resource', {
        body: { title: `Sound archive ${i}`, type: 'audio', url: `https://example.com/a${i}.mp3`, categoryId: north },
        token: session.token,
      });
    }
    await api('/resource', {
      body: { title: 'Sound reader (ebook)', type: 'ebook', url: '/files/sound.epub' },
      token: session.token,
    });

    const page = await signedIn('/web/resource');
    await page.getByText('Sound archive 3').waitFor();
    await screenshot(page, 'resources-list');

    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('Atlas of the North');
    await pick(page, 'Type', 'Document');
    await pick(page, 'Category', 'Cat North');
    await form(page).getByLabel('Link').fill('not a url');
    await form(page).getByText('Must be an http(s) URL or a path').waitFor();
    await form(page).getByLabel('Link').fill('https://example.com/atlas.pdf');
    await submit(page);
    const atlas = (await page_<Row>('/resource', { keyword: 'Atlas of the North' })).items[0];
    expect(atlas).toMatchObject({ type: 'document', categoryId: north, url: 'https://example.com/atlas.pdf' });

    await page.getByTestId('list-keyword').fill('Atlas');
    await expect.poll(() => rows(page).count()).toBe(1);
    const link = rows(page).getByRole('link', { name: 'https://example.com/atlas.pdf' });
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: 'Edit Atlas of the North' }).click();
    await pick(page, 'Type', 'E-book');
    await submit(page);
    await expect.poll(() => rows(page).first().textContent()).toContain('E-book');
    await deleteRow(page, {
      count: 1,
      deleted: 'Atlas of the North',
      total: async () => (await page_<Row>('/resource', { keyword: 'Atlas of the North' })).total,
    });

    // Type filter + keyword, then export: the CSV holds exactly the filtered rows (all of them).
    await page.goto('/web/resource?keyword=Sound&pageSize=10');
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByTestId('filter-type').click();
    await page.getByRole('option', { name: 'Audio', exact: true }).click();
    await expect.poll(() => urlSearch(page).type).toBe('audio');
    await expect.poll(() => rows(page).count()).toBe(3);
    // Raw, for import and machines: field names and enum values, exactly the server's export.
    await page.getByTestId('export-csv').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-raw').click()]);
    const csv = await streamText(await download.createReadStream());
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r\n/);
    const header = (lines[0] ?? '').split(',');
    const typeCol = header.indexOf('type');
    const titleCol = header.indexOf('title');
    expect(typeCol).toBeGreaterThanOrEqual(0);
    const records = lines.slice(1).map((l) => l.split(','));
    expect(records.map((r) => r[titleCol]).sort()).toEqual(['Sound archive 1', 'Sound archive 2', 'Sound archive 3']);
    for (const r of records) expect(r[typeCol]).toBe('audio');

    // For people: the screen's own labels for headers and values, the same rows.
    await page.getByTestId('export-csv').click();
    const [people] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-people').click()]);
    const readable = (await streamText(await people.createReadStream()))
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r\n/);
    const peopleHeader = (readable[0] ?? '').split(',');
    expect(peopleHeader).toContain('Title');
    expect(peopleHeader).toContain('Type');
    expect(peopleHeader).not.toContain('type');
    const peopleType = peopleHeader.indexOf('Type');
    for (const l of readable.slice(1)) expect(l.split(',')[peopleType]).toBe('Audio');
    expect(readable).toHaveLength(lines.length);
    await page.context().close();
  });
});

describe('bibliography', () => {
  it('validates year and ISBN as you type, creates, searches, sorts, edits and deletes', async () => {
    await api('/bibliography', {
      body: { title: 'Bib Alpha', author: 'Ann Author', year: 1999 },
      token: session.token,
    });
    await api('/bibliography', { body: { title: 'Bib Beta', author: 'Ben Author', year: 2005 }, token: session.token });
    const page = await signedIn('/web/bibliography');
    await page.getByText('Bib Beta').waitFor();
    await screenshot(page, 'bibliography-list');

    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('Bib Gamma');
    await form(page).getByLabel('Author').fill('Gus Author');
    await form(page).getByLabel('Publisher').fill('North Press');
    await form(page).getByLabel('Year').fill('999');
    await form(page).getByText('Must be at least 1000').or(form(page).getByText('must be 1000 or later')).waitFor();
    await form(page).getByLabel('Year').fill('2011');
    await form(page).getByLabel('ISBN').fill('0-306-40615-3');
    await form(page).getByText('valid check digit').waitFor();
    await form(page).getByLabel('ISBN').fill('0-306-40615-2');
    await form(page).getByLabel('Notes').fill('First edition');
    await submit(page);
    const gamma = (await page_<Row>('/bibliography', { keyword: 'Bib Gamma' })).items[0];
    expect(gamma).toMatchObject({ author: 'Gus Author', publisher: 'North Press', year: 2011, notes: 'First edition' });

    await page.getByTestId('list-keyword').fill('Bib ');
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByTestId('sort-year').click();
    await page.getByTestId('sort-year').click();
    await expect.poll(() => urlSearch(page)).toMatchObject({ sort: 'year', order: 'desc' });
    await expect.poll(() => rows(page).first().textContent()).toContain('Bib Gamma');

    await page.getByRole('button', { name: 'Edit Bib Gamma' }).click();
    await form(page).getByLabel('Year').fill('1990');
    await submit(page);
    await expect.poll(() => rows(page).first().textContent()).toContain('Bib Beta');
    expect((await page_<Row>('/bibliography', { keyword: 'Bib Gamma' })).items[0]).toMatchObject({ year: 1990 });

    await deleteRow(page, {
      count: 3,
      deleted: 'Bib Gamma',
      total: async () => (await page_<Row>('/bibliography', { keyword: 'Bib Gamma' })).total,
    });
    await page.context().close();
  });
});

describe('videos', () => {
  it('lists status, size and cover; filters, searches and deletes; links to the upload panel', async () => {
    const videos = [
      {
        title: 'Clip lecture one',
        videoId: 'clip-e2e-1',
        fileName: 'lecture1.mp4',
        fileSize: 1_572_864,
        status: 'normal',
      },
      { title: 'Clip lecture two', videoId: 'clip-e2e-2', fileName: 'lecture2.mp4', fileSize: 5_000, status: 'failed' },
      {
        title: 'Clip interview',
        videoId: 'clip-e2e-3',
        fileName: 'interview.mov',
        fileSize: 3_221_225_472,
        status: 'uploading',
        coverUrl: '/favicon.svg',
      },
    ];
    for (const v of videos) await api('/video', { body: v, token: session.token });

    const page = await signedIn('/web/video');
    await page.getByText('Clip interview').waitFor();
    const row = (title: string) => rows(page).filter({ hasText: title });
    await expect.poll(() => row('Clip lecture one').textContent()).toContain('1.5 MiB');
    await expect.poll(() => row('Clip interview').textContent()).toContain('3 GiB');
    expect(await row('Clip lecture two').textContent()).toContain('Failed');
    expect(await row('Clip interview').locator('img').getAttribute('src')).toBe('/favicon.svg');
    await screenshot(page, 'videos-list');
    // No create or edit form here: records come from the upload panel.
    expect(await page.getByTestId('create-record').count()).toBe(0);
    expect(await page.getByTestId('row-edit').count()).toBe(0);
    expect(await page.getByTestId('video-upload-link').getAttribute('href')).toBe('/web/video-upload');

    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect.poll(() => urlSearch(page).status).toBe('TranscodeFail');
    await page.getByTestId('list-keyword').fill('Clip');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Clip lecture two')]);

    await deleteRow(page, {
      count: 1,
      deleted: 'Clip lecture two',
      total: async () => (await page_<Row>('/video', { keyword: 'clip-e2e-2' })).total,
    });
    expect((await page_<Row>('/video', { keyword: 'Clip' })).total).toBe(2);
    await page.context().close();
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
