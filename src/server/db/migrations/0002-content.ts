import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import { type DialectKind, indexDdl } from '../dialect';

/**
 * The content resources: content, readers, borrowing, media, about us. Every sort and filter column
 * has an index (the page queries order by one column, then id); unique rules are named `_uq`
 * indexes so both drivers report a name we map back to a field.
 */
export function content(dialect: DialectKind): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const versioned = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull());
  const TABLES = [
    'site_link',
    'company',
    'image',
    'video',
    'borrow_apply',
    'reader',
    'online_message',
    'bibliography',
    'site_resource',
    'news',
    'banner',
  ];

  return {
    async up(db: Kysely<unknown>) {
      const index = async (table: string, columns: string[], unique = false) => {
        const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'idx'}`;
        await indexDdl(dialect, name, table, columns, unique).execute(db);
      };
      const indexes = async (table: string, columns: string[]) => {
        for (const col of [...columns, 'created_at', 'updated_at']) await index(table, [col]);
      };
      const table = (name: string) => db.schema.createTable(name).addColumn('id', 'integer', id);

      await versioned(
        table('banner')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('image_url', 'text', (c) => c.notNull())
          .addColumn('link_url', 'text')
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)),
      ).execute();
      await indexes('banner', ['title', 'sort', 'enabled']);

      await versioned(
        table('news')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('summary', 'text')
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('cover_url', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('published_at', 'text'),
      ).execute();
      await indexes('news', ['title', 'status', 'published_at']);

      await versioned(
        table('site_resource')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('category_id', 'integer', (c) => c.references('category.id').onDelete('restrict')),
      ).execute();
      await indexes('site_resource', ['title', 'type', 'category_id']);

      await versioned(
        table('bibliography')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull())
          .addColumn('publisher', 'text')
          .addColumn('year', 'integer')
          .addColumn('isbn', 'text')
          .addColumn('notes', 'text'),
      ).execute();
      await indexes('bibliography', ['title', 'author', 'year', 'isbn']);

      await versioned(
        table('online_message')
          .addColumn('reader_name', 'text', (c) => c.notNull())
          .addColumn('contact', 'text')
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('reply', 'text')
          .addColumn('status', 'text', (c) => c.notNull()),
      ).execute();
      await indexes('online_message', ['reader_name', 'status']);

      await versioned(
        table('reader')
          .addColumn('nick_name', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('gender', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('avatar_url', 'text'),
      ).execute();
      await index('reader', ['phone'], true);
      await indexes('reader', ['nick_name', 'status', 'gender']);

      await versioned(
        table('borrow_apply')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('reader.id').onDelete('restrict'))
          .addColumn('book_id', 'integer', (c) => c.notNull().references('book.id').onDelete('restrict'))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('remark', 'text')
          .addColumn('handled_by', 'text')
          .addColumn('handled_by_id', 'integer')
          .addColumn('handled_at', 'text'),
      ).execute();
      await indexes('borrow_apply', ['user_id', 'book_id', 'status', 'handled_at']);

      await versioned(
        table('video')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('cate_id', 'integer')
          .addColumn('tags', 'text')
          .addColumn('cover_url', 'text')
          .addColumn('video_id', 'text', (c) => c.notNull())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('file_size', 'bigint', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull()),
      ).execute();
      await index('video', ['video_id'], true);
      await indexes('video', ['title', 'file_size', 'status', 'cate_id']);

      await versioned(
        table('image')
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('stored_name', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('mime', 'text', (c) => c.notNull())
          .addColumn('uploaded_by', 'text', (c) => c.notNull())
          .addColumn('uploaded_by_id', 'integer'),
      ).execute();
      await index('image', ['stored_name'], true);
      await indexes('image', ['file_name', 'size', 'mime']);

      // One row, id 1, written by PUT /company: no identity column needed.
      await versioned(
        db.schema
          .createTable('company')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'text')
          .addColumn('intro', 'text')
          .addColumn('address', 'text')
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('logo_url', 'text'),
      ).execute();

      await table('site_link')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await index('site_link', ['sort']);
    },
    async down(db: Kysely<unknown>) {
      for (const t of TABLES) await db.schema.dropTable(t).execute();
    },
  };
}
