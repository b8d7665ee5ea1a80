import { describe, expect, it } from 'vitest';
import { api, screenshot } from './browser';
import { deleteRow, deleteWithUndo, form, rows, submit, urlSearch } from './lists';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * The site content screens: banners, news (rich text) and About us (company + links). Data the
 * test is not about is arranged through the API, with names of this file's own.
 */

interface Row {
  id: number;
  version: number;
  [key: string]: unknown;
}

const signedIn = (path: string) => session.signedIn(path);

const page_ = session.page;

describe('banners', () => {
  it('creates with a checked link, toggles and filters enabled, edits, deletes with Undo and for real', async () => {
    await api('/banner', {
      body: { title: 'Promo spring', imageUrl: '/favicon.svg', sort: 1, enabled: true },
      token: session.token,
    });
    await api('/banner', {
      body: { title: 'Promo winter', imageUrl: '/missing.png', sort: 2, enabled: false },
      token: session.token,
    });
    const page = await signedIn('/web/banner');
    await page.getByText('Promo winter').waitFor();

    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('Promo summer');
    await form(page).getByLabel('Image URL').fill('/favicon.svg');
    await form(page).getByLabel('Link').fill('javascript:alert(1)');
    await form(page).getByText('must start with http://, https://, mailto: or tel:').waitFor();
    await form(page).getByLabel('Link').fill('https://example.com/summer');
    await expect.poll(() => form(page).getByText('must start with').count()).toBe(0);
    await form(page).getByLabel('Sort').fill('3');
    await submit(page);
    const summer = (await page_<Row>('/banner', { keyword: 'Promo summer' })).items[0];
    expect(summer).toMatchObject({ linkUrl: 'https://example.com/summer', sort: 3, enabled: true });
    await page.getByText('Promo summer').waitFor();
    await screenshot(page, 'banners-list');

    // The list's switch saves at once (with the version it read).
    await page.getByRole('switch', { name: 'Enabled: Promo summer' }).click({ force: true });
    await expect
      .poll(async () => (await page_<Row>('/banner', { keyword: 'Promo summer' })).items[0]?.enabled)
      .toBe(false);
    await page.getByTestId('filter-enabled').click();
    await page.getByRole('option', { name: 'Disabled', exact: true }).click();
    await expect.poll(() => urlSearch(page).enabled).toBe('false');
    await page.getByTestId('list-keyword').fill('Promo');
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Edit Promo summer' }).click();
    await form(page).getByLabel('Title').fill('Promo high summer');
    await submit(page);
    await page.getByText('Promo high summer').waitFor();

    // Undo: gone at once, back on Undo, and still on the server. A delete left to run: gone from
    // the server after the Undo window.
    await deleteWithUndo(page, {
      count: 2,
      undone: 'Promo winter',
      deleted: 'Promo high summer',
      total: async () => (await page_<Row>('/banner', { keyword: 'Promo high summer' })).total,
    });
    expect((await page_<Row>('/banner', { keyword: 'Promo winter' })).total).toBe(1);
    await page.context().close();
  });
});

describe('news', () => {
  it('saves formatted rich text that survives a reload; lists, filters, searches and deletes', async () => {
    const page = await signedIn('/web/news');
    await page.getByTestId('create-record').click();
    await form(page).getByLabel('Title').fill('News of the reading room');
    await form(page).getByLabel('Summary').fill('Longer hours from May');
    await form(page).getByLabel('Status').click();
    await page.getByRole('option', { name: 'Published', exact: true }).click();
    const editor = form(page).getByTestId('field-content');
    await editor.click();
    await page.keyboard.type('The room opens ');
    await form(page).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('at eight');
    await form(page).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' every day.');
    await page.keyboard.press('Enter');
    await form(page).getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Quiet floor');
    await screenshot(page, 'news-editor');
    await submit(page);

    const created = (await page_<Row>('/news', { keyword: 'reading room' })).items[0];
    expect(created).toMatchObject({ status: 'published' });
    expect(created?.publishedAt).toBeTruthy();
    expect(created?.content).toContain('<strong>at eight</strong>');
    expect(created?.content).toMatch(/<ul>\s*<li>\s*<p>Quiet floor<\/p>\s*<\/li>\s*<\/ul>/);

    await page.reload();
    await page.getByText('News of the reading room').waitFor();
    await screenshot(page, 'news-list');
    await page.getByRole('button', { name: 'Edit News of the reading room' }).click();
    await expect.poll(() => form(page).getByTestId('field-content').locator('strong').textContent()).toBe('at eight');
    expect(await form(page).getByTestId('field-content').locator('ul li').textContent()).toBe('Quiet floor');
    await form(page).getByLabel('Title').fill('News of the reading room, updated');
    await submit(page);
    const edited = (await page_<Row>('/news', { keyword: 'reading room' })).items[0];
    // The first publication time stays through edits.
    expect(edited).toMatchObject({ title: 'News of the reading room, updated', publishedAt: created?.publishedAt });

    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Draft', exact: true }).click();
    await page.getByTestId('list-keyword').fill('reading room');
    await expect.poll(() => urlSearch(page)).toMatchObject({ status: 'draft', keyword: 'reading room' });
    await expect.poll(() => page.getByTestId('list-empty').count()).toBe(1);
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Published', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(1);

    await deleteRow(page, {
      count: 1,
      deleted: 'News of the reading room, updated',
      total: async () => (await page_<Row>('/news', { keyword: 'reading room' })).total,
    });
    await page.context().close();
  });

  it('never runs a script from news content: stripped by the server, not run by preview or editor', async () => {
    const hostile =
      '<p>Safe <em>words</em></p><script>window.__pwned = 1</script>' +
      '<img src="/missing.png" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">click</a>';
    const stored = await api<Row & { content: string }>('/news', {
      body: { title: 'Hostile bulletin', content: hostile, status: 'draft' },
      token: session.token,
    });
    expect(stored.content).not.toContain('<script');
    expect(stored.content).not.toContain('onerror');
    expect(stored.content).not.toContain('javascript:');
    expect(stored.content).toContain('<em>words</em>');

    const page = await signedIn('/web/news');
    await page.getByTestId('list-keyword').fill('Hostile');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Preview Hostile bulletin' }).click();
    const preview = page.getByTestId('news-preview-content');
    await expect.poll(() => preview.locator('em').textContent()).toBe('words');
    await screenshot(page, 'news-preview');
    // No inline script runs: the only one allowed is the console's JSON boot manifest (data, not code).
    expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('news-preview').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit Hostile bulletin' }).click();
    await expect.poll(() => form(page).getByTestId('field-content').locator('em').textContent()).toBe('words');
    // The link lost its javascript: address; its text is all that is left.
    await form(page).getByTestId('field-content').getByText('click').waitFor();
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.context().close();
  });
});

describe('about us', () => {
  it('saves the company and the links; a reload shows what was saved', async () => {
    const page = await signedIn('/web/aboutus');
    const company = page.getByTestId('company-form');
    await company.getByLabel('Company name').waitFor();
    await company.getByLabel('Company name').fill('Lectern Library');
    await company.getByLabel('Phone').fill('+86 21 5555 0100');
    await company.getByLabel('Email').fill('not-an-email');
    await company.getByText('must be an email address').waitFor();
    await company.getByLabel('Email').fill('hello@lectern.example');
    await company.getByLabel('Address').fill('1 Reading Road');
    await company.getByLabel('Introduction').fill('A small library with a big reading room.');
    await company.getByTestId('company-save').click();
    await expect
      .poll(async () => (await api<Row[]>('/company/list', { token: session.token }))[0]?.name)
      .toBe('Lectern Library');
    await expect.poll(() => company.getByTestId('company-save').isDisabled()).toBe(true);

    // Links: add, check as you type, reorder, remove, save.
    const links = page.getByTestId('links-form');
    const add = async (name: string, url: string) => {
      await links.getByTestId('link-add').click();
      await links.getByTestId('link-name').last().fill(name);
      await links.getByTestId('link-url').last().fill(url);
    };
    await add('Catalogue', 'https://lectern.example/catalogue');
    await add('Write to us', 'ftp://lectern.example');
    await links.getByText('must start with http://, https://, mailto: or tel:').waitFor();
    await links.getByTestId('link-url').last().fill('mailto:hello@lectern.example');
    await add('Call us', 'tel:+862155550100');
    await add('Spare', 'https://lectern.example/spare');
    await links.getByRole('button', { name: 'Remove link 4' }).click();
    await links.getByRole('button', { name: 'Move link 3 up' }).click();
    await screenshot(page, 'aboutus-editing');
    await links.getByTestId('links-save').click();
    await expect
      .poll(async () => (await api<{ name: string }[]>('/url/list', { token: session.token })).map((l) => l.name))
      .toEqual(['Catalogue', 'Call us', 'Write to us']);

    await page.reload();
    await expect.poll(() => company.getByLabel('Company name').inputValue()).toBe('Lectern Library');
    expect(await company.getByLabel('Email').inputValue()).toBe('hello@lectern.example');
    expect(await company.getByLabel('Introduction').inputValue()).toBe('A small library with a big reading room.');
    await expect
      .poll(() => links.getByTestId('link-name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .toEqual(['Catalogue', 'Call us', 'Write to us']);
    expect(await links.getByTestId('link-url').nth(2).inputValue()).toBe('mailto:hello@lectern.example');
    await screenshot(page, 'aboutus');

    // A second save of the company works from the saved version.
    await company.getByLabel('Phone').fill('+86 21 5555 0199');
    await company.getByTestId('company-save').click();
    await expect
      .poll(async () => (await api<Row[]>('/company/list', { token: session.token }))[0]?.phone)
      .toBe('+86 21 5555 0199');
    await page.context().close();
  });

  it('shows a conflict instead of overwriting when someone else saved the company meanwhile', async () => {
    const page = await signedIn('/web/aboutus');
    const company = page.getByTestId('company-form');
    await company.getByLabel('Company name').waitFor();
    await expect.poll(() => company.getByLabel('Company name').inputValue()).not.toBe('');
    const current = (await api<Row[]>('/company/list', { token: session.token }))[0];
    await api('/company', {
      method: 'PUT',
      body: { ...current, address: 'Moved to 2 Reading Road' },
      token: session.token,
    });

    await company.getByLabel('Company name').fill('Lectern Library (mine)');
    await company.getByTestId('company-save').click();
    await page.getByTestId('conflict-view').waitFor();
    await page.getByTestId('conflict-diff').getByText('Moved to 2 Reading Road').waitFor();
    await screenshot(page, 'aboutus-conflict');
    const after = (await api<Row[]>('/company/list', { token: session.token }))[0];
    expect(after).toMatchObject({ address: 'Moved to 2 Reading Road', name: current?.name });

    // Continue from theirs with my change applied, then save.
    await page.getByTestId('conflict-keep-mine').click();
    await company.getByTestId('company-save').click();
    await expect
      .poll(async () => (await api<Row[]>('/company/list', { token: session.token }))[0])
      .toMatchObject({ name: 'Lectern Library (mine)', address: 'Moved to 2 Reading Road' });
    await page.context().close();
  });
});
