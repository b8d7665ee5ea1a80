import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Language, settled, signInAnyLanguage, variantContext } from './a11y-helpers';
import { api, baseURL, screenshot } from './browser';
import { rows, urlSearch } from './lists';
import { e2eSession } from './session';

/*
 * The Reminders screen on the shared e2e server (mail off there: LECTERN_SMTP_URL unset). This
 * file's loans are written into the server's SQLite file as the desk writes them (the desk's
 * transitions are another screen's), then Run now makes their notices: listed, filtered by kind
 * and state, exported as CSV, and drawn at 390 and 1366 px in Spanish and Japanese. Rows are found
 * by this file's own suffix, never counted globally.
 */
const session = e2eSession();
const suffix = randomBytes(3).toString('hex');
const DAY = 86_400_000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  const token = session.token;
  const category = await api<{ id: number }>('/category', { body: { name: `Remind ${suffix}`, sort: 90 }, token });
  const reader = (nickName: string, phone: string, email?: string) =>
    api<{ id: number }>('/users', { body: { nickName, phone, status: 'active', ...(email ? { email } : {}) }, token });
  const n = Number.parseInt(suffix, 16) % 10_000_000;
  const ana = await reader(`Ana ${suffix}`, `136${String(n).padStart(8, '0')}`, `ana.${suffix}@example.org`);
  const ben = await reader(`Ben ${suffix}`, `135${String(n).padStart(8, '0')}`);
  const loan = async (readerId: number, title: string) => {
    const book = await api<{ id: number }>('/book', {
      body: { title: `${title} ${suffix}`, author: 'R. Minder', categoryId: category.id, stock: 3, status: 'on_shelf' },
      token,
    });
    return (await api<{ id: number }>('/apply', { body: { userId: readerId, bookId: book.id }, token })).id;
  };
  const dueSoon = await loan(ana.id, 'Tide Tables');
  const overdue = await loan(ana.id, 'Late Harvest');
  const ready = await loan(ana.id, 'Pickup Atlas');
  const noAddress = await loan(ben.id, 'Quiet Letters');
  // The server's own SQLite file (WAL: a second connection writes beside it safely).
  const db = new Database(join(inject('dataDir'), 'lectern.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const set = db.prepare(
      'update application set status = ?, due_at = ?, ready_until = ?, approved_at = ? where id = ?',
    );
    set.run('approved', inDays(1), null, inDays(-20), dueSoon);
    set.run('approved', inDays(-3), null, inDays(-24), overdue);
    set.run('ready', null, inDays(2), null, ready);
    set.run('approved', inDays(1), null, inDays(-20), noAddress);
  } finally {
    db.close();
  }
});

describe('reminders', () => {
  it('Run now fills the outbox; it lists, filters by kind and state, and exports CSV', async () => {
    const page = await session.signedIn(`/users/reminder?keyword=${suffix}`);
    await page.getByTestId('reminder-run').click();
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(4);
    const texts = (await rows(page).allTextContents()).join('\n');
    for (const t of ['Tide Tables', 'Late Harvest', 'Pickup Atlas', 'Quiet Letters']) expect(texts).toContain(t);
    expect(texts).toContain('Not sent: mail is off');
    expect(texts).toContain('No address');
    await screenshot(page, 'reminders-list');

    await page.getByTestId('filter-kind').click();
    await page.getByRole('option', { name: 'Overdue', exact: true }).click();
    await expect.poll(() => urlSearch(page).kind).toBe('overdue');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Late Harvest');

    await page.goto(`/users/reminder?keyword=${suffix}`);
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByTestId('filter-state').click();
    await page.getByRole('option', { name: 'No address', exact: true }).click();
    await expect.poll(() => urlSearch(page).state).toBe('no_address');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(`Ben ${suffix}`);

    // Export of the screen's filter (kind: due soon): both due-soon notices, raw values.
    await page.goto(`/users/reminder?keyword=${suffix}&kind=due_soon`);
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByTestId('export-csv').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-raw').click()]);
    const lines = (await streamText(await download.createReadStream()))
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r\n/);
    const header = (lines[0] ?? '').split(',');
    expect(header.slice(0, 5)).toEqual(['id', 'createdAt', 'kind', 'state', 'readerName']);
    const body = lines.slice(1);
    expect(body).toHaveLength(2);
    for (const l of body) expect(l.split(',')[header.indexOf('kind')]).toBe('due_soon');
    expect(body.join('\n')).toContain(`Tide Tables ${suffix}`);
    expect(body.join('\n')).toContain(`Quiet Letters ${suffix}`);
    await page.context().close();
  }, 90_000);

  it('holds at 390 and 1366 px in Spanish and Japanese', async () => {
    for (const language of ['es', 'ja'] as Language[]) {
      for (const width of [390, 1366]) {
        const context = await variantContext(
          session.browser,
          baseURL(),
          { language, dark: false },
          { width, height: width === 390 ? 844 : 768 },
        );
        const page = await context.newPage();
        const path = '/users/reminder';
        await signInAnyLanguage(page, path);
        await page.goto(`${path}?keyword=${suffix}`);
        await settled(page);
        await expect.poll(() => rows(page).count()).toBe(4);
        // Nothing wider than the screen: no sideways scroll of the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `reminders-${language}-${width}`);
        await context.close();
      }
    }
  }, 120_000);
});
