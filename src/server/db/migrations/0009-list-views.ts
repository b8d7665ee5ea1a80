import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { type DialectKind, indexDdl } from '../dialect';

/**
 * Saved list views (src/server/views): one row per member, list and name. The JSON columns are text
 * like every JSON value here; no foreign key to staff, like the audit trail: deleting an account is
 * not blocked by its views (they are removed with it by nobody and harm nobody: only that member
 * reads them).
 */
export function listViews(dialect: DialectKind): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('list_view')
        .addColumn('id', 'integer', id)
        .addColumn('staff_id', 'integer', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('columns', 'text')
        .addColumn('widths', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('density', 'text', (c) => c.notNull().defaultTo('comfortable'))
        .addColumn('search', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // A member's views of one list are found by this; names are unique among them.
      await indexDdl(
        dialect,
        'list_view_staff_id_list_name_uq',
        'list_view',
        ['staff_id', 'list', 'name'],
        true,
      ).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('list_view').execute();
    },
  };
}
