import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Tables take the names staff use (docs/glossary.md): a borrow application is an `application`,
 * a reader's online message a `message`, the About us record `about`. Both engines rename in place
 * and carry indexes, keys and identity sequences along; the API paths (`/apply`, `/online`,
 * `/company`) are data in each noun's spec and do not change.
 */
const RENAMES: [from: string, to: string][] = [
  ['borrow_apply', 'application'],
  ['online_message', 'message'],
  ['company', 'about'],
];

export const glossaryTables: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [from, to] of RENAMES) await sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const [from, to] of RENAMES) await sql`alter table ${sql.table(to)} rename to ${sql.table(from)}`.execute(db);
  },
};
