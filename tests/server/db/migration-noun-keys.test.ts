import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { migrationsFor } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/schema';
import { TEST_ENGINE } from '../helpers/database';
import { testDatabaseForFile } from '../helpers/temp';

/**
 * A database from before stored data named records by their noun: its audit trail and saved views
 * hold API paths, its applications a `user_id`. After the migration they hold nouns and
 * `reader_id`; going back down restores what was there.
 */
const t = testDatabaseForFile('lectern-noun-keys-');

/** The index names on `table`, on either engine. */
async function indexesOf(db: Kysely<Database>, dialect: string, table: string) {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`
      : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`;
  return (await q.execute(db)).rows.map((r) => r.name);
}

describe(`the noun keys migration (${TEST_ENGINE})`, () => {
  it('turns stored API paths into nouns and user_id into reader_id, and back', async () => {
    const { db, dialect } = t.opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo('0012-video-processing')).error).toBeUndefined();

    const at = new Date().toISOString();
    const stamps = { created_at: at, updated_at: at, version: 1 };
    const one = async (q: { executeTakeFirstOrThrow(): Promise<{ id: number }> }) =>
      (await q.executeTakeFirstOrThrow()).id;
    const categoryId = await one(
      db
        .insertInto('category')
        .values({ name: 'Shelf', sort: 0, ...stamps })
        .returning('id'),
    );
    const bookId = await one(
      db
        .insertInto('book')
        .values({ title: 'Dune', author: 'F', category_id: categoryId, stock: 1, status: 'on', ...stamps } as never)
        .returning('id'),
    );
    const readerId = await one(
      db
        .insertInto('reader')
        .values({ nick_name: 'Ann', phone: '13600000000', status: 'active', ...stamps } as never)
        .returning('id'),
    );
    // The old shape: the column was still user_id.
    await sql`insert into application (user_id, book_id, status, version, created_at, updated_at)
      values (${readerId}, ${bookId}, 'pending', 1, ${at}, ${at})`.execute(db);

    const entry = (resource: string, recordId: number, recordTitle: string | null = null) => ({
      at,
      actor_id: 1,
      actor_name: 'admin',
      action: 'update' as const,
      resource,
      record_id: recordId,
      changes: '{}',
      record_title: recordTitle,
    });
    await db
      .insertInto('audit_log')
      .values([
        entry('book', 1, 'Dune'),
        entry('apply', 2),
        entry('online', 3),
        entry('users', 4, 'Ann'),
        entry('user', 5, 'admin'),
        entry('company', 1, 'Lectern Library'),
        entry('url', 0),
        entry('category/subclass', 6, 'Novels'),
      ])
      .execute();
    const view = (staffId: number, list: string, name: string) => ({
      staff_id: staffId,
      list,
      name,
      widths: '{}',
      density: 'comfortable',
      search: '{}',
      is_default: 0,
      ...stamps,
    });
    await db
      .insertInto('list_view')
      .values([
        view(1, 'book', 'Mine'),
        view(1, 'users', 'Active'),
        view(1, 'apply', 'Pending'),
        view(1, 'online', 'Unread'),
        view(1, 'user', 'Admins'),
        view(1, 'category-subclass', 'Novels'),
        // Made by hand under the noun already: it keeps its name, the old one stays where it was.
        view(2, 'users', 'Same'),
        view(2, 'reader', 'Same'),
      ])
      .execute();

    await migrateToLatest(db, dialect);
    const audit = await db
      .selectFrom('audit_log')
      .select(['resource', 'record_id', 'record_title'])
      .orderBy('id')
      .execute();
    expect(audit.map((r) => [r.resource, r.record_id, r.record_title])).toEqual([
      ['book', 1, 'Dune'],
      ['application', 2, null],
      ['message', 3, null],
      ['reader', 4, 'Ann'],
      ['staff', 5, 'admin'],
      ['about', 1, 'Lectern Library'],
      ['about', 0, 'Site links'],
      ['subclass', 6, 'Novels'],
    ]);
    const views = await db.selectFrom('list_view').select(['staff_id', 'list', 'name']).orderBy('id').execute();
    expect(views.map((v) => [v.staff_id, v.list, v.name])).toEqual([
      [1, 'book', 'Mine'],
      [1, 'reader', 'Active'],
      [1, 'application', 'Pending'],
      [1, 'message', 'Unread'],
      [1, 'staff', 'Admins'],
      [1, 'subclass', 'Novels'],
      [2, 'users', 'Same'],
      [2, 'reader', 'Same'],
    ]);
    const apps = await db.selectFrom('application').select(['reader_id', 'book_id']).execute();
    expect(apps).toEqual([{ reader_id: readerId, book_id: bookId }]);
    const indexes = await indexesOf(db, dialect, 'application');
    expect(indexes).toContain('application_reader_id_idx');
    expect(indexes).not.toContain('borrow_apply_user_id_idx');
    // The reference to the reader holds under its new name.
    await expect(
      sql`insert into application (reader_id, book_id, status, version, created_at, updated_at)
        values (${readerId + 100}, ${bookId}, 'pending', 1, ${at}, ${at})`.execute(db),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0012-video-processing')).error).toBeUndefined();
    const back = await db.selectFrom('audit_log').select('resource').orderBy('id').execute();
    expect(back.map((r) => r.resource)).toEqual([
      'book',
      'apply',
      'online',
      'users',
      'user',
      'company',
      'url',
      'category/subclass',
    ]);
    const backViews = await db.selectFrom('list_view').select('list').orderBy('id').execute();
    expect(backViews.map((v) => v.list)).toEqual([
      'book',
      'users',
      'apply',
      'online',
      'user',
      'category-subclass',
      'users',
      'reader',
    ]);
    expect(await indexesOf(db, dialect, 'application')).toContain('borrow_apply_user_id_idx');
  });
});
