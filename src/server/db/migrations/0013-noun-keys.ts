import { type Kysely, type Migration, sql } from 'kysely';
import { type DialectKind, indexDdl } from '../dialect';

/**
 * Stored data names a kind of record by its noun (the key of src/resources/specs.ts), no longer by
 * its API path: the audit trail's `resource` and a saved view's `list` (which held the path with
 * dashes). About us' site links (`url`, record 0 beside About us' own record 1) are About us,
 * titled as the links. A borrow application's reader is `reader_id`, with its index named after
 * the table (0011 renamed the table, not its indexes). The API paths are unchanged.
 */
const AUDIT: [path: string, noun: string][] = [
  ['apply', 'application'],
  ['online', 'message'],
  ['users', 'reader'],
  ['user', 'staff'],
  ['company', 'about'],
  ['url', 'about'],
  ['category/subclass', 'subclass'],
];
const VIEWS: [list: string, noun: string][] = [
  ['apply', 'application'],
  ['online', 'message'],
  ['users', 'reader'],
  ['user', 'staff'],
  ['category-subclass', 'subclass'],
];
const SITE_LINKS = { id: 0, title: 'Site links' };

async function renameLists(db: Kysely<unknown>, pairs: [from: string, to: string][]) {
  for (const [from, to] of pairs) {
    // A view already named so under the new key (only a hand-made API call could have made one)
    // keeps its place; the old one stays under the old key rather than failing the unique index.
    await sql`update list_view set list = ${to} where list = ${from} and not exists (
      select 1 from list_view other
      where other.staff_id = list_view.staff_id and other.list = ${to} and other.name = list_view.name
    )`.execute(db);
  }
}

export function nounKeys(dialect: DialectKind): Migration {
  const renameReader = async (db: Kysely<unknown>, from: string, to: string, oldIndex: string, newIndex: string) => {
    await sql`drop index ${sql.id(oldIndex)}`.execute(db);
    await sql`alter table application rename column ${sql.id(from)} to ${sql.id(to)}`.execute(db);
    await indexDdl(dialect, newIndex, 'application', [to]).execute(db);
  };
  return {
    async up(db: Kysely<unknown>) {
      await sql`update audit_log set record_title = ${SITE_LINKS.title}
        where resource = 'url' and record_title is null`.execute(db);
      for (const [path, noun] of AUDIT)
        await sql`update audit_log set resource = ${noun} where resource = ${path}`.execute(db);
      await renameLists(db, VIEWS);
      await renameReader(db, 'user_id', 'reader_id', 'borrow_apply_user_id_idx', 'application_reader_id_idx');
    },
    async down(db: Kysely<unknown>) {
      await renameReader(db, 'reader_id', 'user_id', 'application_reader_id_idx', 'borrow_apply_user_id_idx');
      await renameLists(
        db,
        VIEWS.map(([list, noun]) => [noun, list]),
      );
      await sql`update audit_log set resource = 'url' where resource = 'about' and record_id = ${SITE_LINKS.id}`.execute(
        db,
      );
      for (const [path, noun] of AUDIT.filter(([p]) => p !== 'url'))
        await sql`update audit_log set resource = ${path} where resource = ${noun}`.execute(db);
    },
  };
}
