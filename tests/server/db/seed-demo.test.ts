import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsbn } from '../../../src/contract/isbn';
import { ensureAdmin } from '../../../src/server/db/bootstrap';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { OpenedDatabase } from '../../../src/server/db/open';
import { seedDemo } from '../../../src/server/db/seed/demo';
import { buildNouns } from '../../../src/server/resources';
import { createServices } from '../../../src/server/services';
import { openTestDatabase, type TestDatabase } from '../helpers/database';
import { testAppConfig } from '../helpers/test-server';

let dir: string;
let opened: OpenedDatabase;
let testDb: TestDatabase;
/** The nouns' server parts, each holding its part of the demo (as main.ts builds them). */
let nouns: ReturnType<typeof buildNouns>;
let services: ReturnType<typeof createServices>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lectern-seed-'));
  testDb = await openTestDatabase(dir);
  opened = testDb.opened;
  await migrateToLatest(opened.db, opened.dialect);
  await ensureAdmin(opened.db, 'Admin-pass-123', new Date());
  services = createServices({
    db: opened.db,
    dialect: opened.dialect,
    dataDir: dir,
    config: testAppConfig(dir),
    version: 'test',
    log: { info: () => {}, error: () => {} },
  });
  nouns = buildNouns(services);
});
afterAll(async () => {
  await services.close();
  await testDb.dispose();
  await rm(dir, { recursive: true, force: true });
});

const count = async (table: 'reader' | 'application' | 'message' | 'news' | 'banner') =>
  Number(
    (
      await opened.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seedDemo', () => {
  let added: Record<string, number>;
  beforeAll(async () => {
    // As main.ts seeds: with the data folder, so books and banners get pictures.
    added = await seedDemo(opened.db, nouns, new Date(), dir);
  });

  it('fills about 300 consistent books over 8 categories', async () => {
    expect(added.books).toBe(300);
    const books = await opened.db
      .selectFrom('book')
      .innerJoin('category_subclass as sc', 'sc.id', 'book.subclass_id')
      .select(['book.isbn', 'book.title', 'book.category_id', 'sc.category_id as sub_category'])
      .execute();
    expect(books).toHaveLength(300);
    expect(books.every((b) => b.isbn && isValidIsbn(b.isbn))).toBe(true);
    expect(new Set(books.map((b) => b.isbn)).size).toBe(300);
    expect(books.every((b) => b.category_id === b.sub_category)).toBe(true);
    const categories = await opened.db.selectFrom('category').select('name').execute();
    expect(categories).toHaveLength(8);
  });

  it('adds readers, applications, messages, news, banners, resources, bibliography, about us and links', () => {
    expect(added).toMatchObject({
      readers: 200,
      messages: 60,
      news: 20,
      banners: 5,
      about: 1,
      links: 4,
    });
    // 300 recent, 360 over the past year, and the holds with the loans that took the last copies.
    expect(added.applications).toBeGreaterThan(660);
    expect(added.resources).toBeGreaterThan(5);
    expect(added.bibliography).toBeGreaterThan(5);
  });

  it('gives most books and every banner a generated picture from the image library, with small copies', async () => {
    const images = await opened.db.selectFrom('image').select(['stored_name', 'width', 'height', 'size']).execute();
    expect(images).toHaveLength(29);
    for (const img of images) expect(existsSync(join(dir, 'files', 'images', img.stored_name))).toBe(true);
    const stored = new Set(images.map((i) => `/prod-api/files/images/${i.stored_name}`));
    const books = await opened.db.selectFrom('book').select('cover_url').execute();
    const covered = books.filter((b) => b.cover_url !== null);
    expect(covered.length).toBe(240);
    expect(covered.every((b) => stored.has(b.cover_url as string))).toBe(true);
    expect(new Set(covered.map((b) => b.cover_url)).size).toBe(24);
    const banners = await opened.db.selectFrom('banner').select('image_url').execute();
    expect(banners.every((b) => stored.has(b.image_url))).toBe(true);
    // Small files: a demo's covers are what a real library's would cost in a list, not photos.
    expect(Math.max(...images.map((i) => i.size))).toBeLessThan(80 * 1024);
  });

  it('keeps stock consistent: no negative stock, approved loans only by active readers, all statuses present', async () => {
    const negative = await opened.db.selectFrom('book').select('id').where('stock', '<', 0).execute();
    expect(negative).toEqual([]);
    const statuses = await opened.db
      .selectFrom('application')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'approved',
      'on_hold',
      'pending',
      'ready',
      'rejected',
      'returned',
    ]);
    const handled = await opened.db
      .selectFrom('application')
      .select(['handled_by', 'handled_at'])
      .where('status', '!=', 'pending')
      .execute();
    expect(handled.every((h) => h.handled_by === 'Administrator' && h.handled_at)).toBe(true);
    // Every loan has its dates; some are overdue; the history spans the year.
    const loans = await opened.db
      .selectFrom('application')
      .select(['status', 'approved_at', 'due_at', 'returned_at'])
      .where('status', 'in', ['approved', 'returned'])
      .execute();
    expect(loans.every((l) => l.approved_at && l.due_at && (l.status === 'approved') === !l.returned_at)).toBe(true);
    const at = new Date().toISOString();
    expect(loans.filter((l) => l.status === 'approved' && (l.due_at as string) < at).length).toBeGreaterThan(5);
    const months = new Set(loans.map((l) => (l.approved_at as string).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    // Copies are neither lent twice nor lost: nothing negative, a ready hold only keeps one.
    const policy = await opened.db.selectFrom('loan_policy').selectAll().execute();
    expect(policy).toHaveLength(1);
    const news = await opened.db.selectFrom('news').select('content').execute();
    expect(news.every((n) => !/<script|on\w+=/i.test(n.content))).toBe(true);
  });

  it('is deterministic and runs only while empty: a second run adds nothing', async () => {
    const before = await Promise.all([count('reader'), count('application'), count('message'), count('news')]);
    expect(await seedDemo(opened.db, nouns, new Date(), dir)).toEqual({});
    expect(await Promise.all([count('reader'), count('application'), count('message'), count('news')])).toEqual(before);
    const first = await opened.db.selectFrom('reader').select(['nick_name', 'phone']).orderBy('id').limit(3).execute();
    expect(first.map((r) => r.phone)).toEqual(['13910000000', '13910004111', '13910008222']);
  });
});
