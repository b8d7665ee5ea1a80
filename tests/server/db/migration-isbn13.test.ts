import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { migrationsFor } from '../../../src/server/db/migrations';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/**
 * A database from before books were kept under their ISBN-13: its ISBN-10s are converted, except
 * where another record already holds that ISBN-13 (two records of one book: left for a person).
 */
const t = testDatabaseForFile('lectern-isbn13-');

describe(`the ISBN-13 migration (${TEST_ENGINE})`, () => {
  it('converts stored ISBN-10s to ISBN-13 and leaves a clash as it was', async () => {
    const { db, dialect } = t.opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    const before = await migrator.migrateTo('0006-accounts');
    expect(before.error).toBeUndefined();

    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now, version: 1 };
    const { id: categoryId } = await db
      .insertInto('category')
      .values({ name: 'Old shelf', sort: 0, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    const book = (title: string, isbn: string | null) => ({
      title,
      author: 'A',
      isbn,
      category_id: categoryId,
      stock: 1,
      status: 'on',
      ...stamps,
    });
    await db
      .insertInto('book')
      .values([
        book('Ten only', '0306406152'),
        book('Ten with X', '080442957X'),
        book('Thirteen', '9780201633610'),
        book('Same book as Thirteen', '0201633612'),
        book('No ISBN', null),
      ])
      .execute();

    await migrateToLatest(db, dialect);
    const rows = await db.selectFrom('book').select(['title', 'isbn']).orderBy('id').execute();
    expect(rows).toEqual([
      { title: 'Ten only', isbn: '9780306406157' },
      { title: 'Ten with X', isbn: '9780804429573' },
      { title: 'Thirteen', isbn: '9780201633610' },
      { title: 'Same book as Thirteen', isbn: '0201633612' },
      { title: 'No ISBN', isbn: null },
    ]);
  });
});
