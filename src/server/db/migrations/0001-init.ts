import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import { type DialectKind, indexDdl } from '../dialect';

/**
 * The Foundation schema. Migrations take `Kysely<unknown>`: they describe the schema as it was
 * then, not as schema.ts says today. Unique constraints are named indexes so both drivers report a
 * name we can map back to a field.
 */
export function init(dialect: DialectKind): Migration {
  // The one per-dialect column: SQLite's rowid alias vs a PostgreSQL identity column.
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const versioned = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull());

  return {
    async up(db: Kysely<unknown>) {
      const index = async (table: string, columns: string[], unique = false) => {
        const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'idx'}`;
        await indexDdl(dialect, name, table, columns, unique).execute(db);
      };

      await versioned(
        db.schema
          .createTable('staff')
          .addColumn('id', 'integer', id)
          .addColumn('user_name', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('roles', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('avatar', 'text')
          .addColumn('introduction', 'text'),
      ).execute();
      await index('staff', ['user_name'], true);
      await index('staff', ['phone'], true);
      for (const col of ['name', 'status', 'created_at', 'updated_at']) await index('staff', [col]);

      await db.schema
        .createTable('session')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await index('session', ['staff_id']);
      await index('session', ['last_seen_at']);

      await db.schema
        .createTable('login_attempt')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .execute();

      await versioned(
        db.schema
          .createTable('category')
          .addColumn('id', 'integer', id)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('description', 'text'),
      ).execute();
      await index('category', ['name'], true);
      for (const col of ['sort', 'created_at', 'updated_at']) await index('category', [col]);

      await versioned(
        db.schema
          .createTable('category_subclass')
          .addColumn('id', 'integer', id)
          .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('restrict'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await index('category_subclass', ['category_id', 'name'], true);
      for (const col of ['name', 'sort', 'created_at', 'updated_at']) await index('category_subclass', [col]);

      await versioned(
        db.schema
          .createTable('book')
          .addColumn('id', 'integer', id)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull())
          .addColumn('isbn', 'text')
          .addColumn('publisher', 'text')
          .addColumn('publish_date', 'text')
          .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('restrict'))
          .addColumn('subclass_id', 'integer', (c) => c.references('category_subclass.id').onDelete('restrict'))
          .addColumn('cover_url', 'text')
          .addColumn('summary', 'text')
          .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'text', (c) => c.notNull()),
      ).execute();
      // NULLs never collide in a unique index on either engine, so books without ISBN are fine.
      await index('book', ['isbn'], true);
      for (const col of [
        'title',
        'author',
        'publisher',
        'publish_date',
        'stock',
        'status',
        'category_id',
        'subclass_id',
        'created_at',
        'updated_at',
      ])
        await index('book', [col]);

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', id)
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      await index('audit_log', ['at']);
      await index('audit_log', ['resource', 'record_id']);
      await index('audit_log', ['actor_id']);
      await index('audit_log', ['action']);
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['audit_log', 'book', 'category_subclass', 'category', 'login_attempt', 'session', 'staff'])
        await db.schema.dropTable(t).execute();
    },
  };
}
