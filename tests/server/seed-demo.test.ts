import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsbn } from '../../src/contract/isbn';
import { migrateToLatest } from '../../src/server/db/migrate';
import { type OpenedDatabase, openSqlite } from '../../src/server/db/open';
import { seedDemo } from '../../src/server/db/seed-demo';

let dir: string;
let opened: OpenedDatabase;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lectern-seed-'));
  opened = openSqlite(dir);
  await migrateToLatest(opened.db, opened.dialect);
});
afterAll(async () => {
  await opened.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('fills about 300 consistent books over 8 categories, once', async () => {
    const added = await seedDemo(opened.db, new Date());
    expect(added).toBe(300);
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
    expect(await seedDemo(opened.db, new Date())).toBe(0);
  });
});
