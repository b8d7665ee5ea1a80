import type { Kysely } from 'kysely';
import type { DialectKind } from './dialect';
import type { Database } from './schema';

/** An open database of either engine; its own file so that open.ts and postgres.ts need not import each other. */
export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectKind;
  /** For the startup log: where the data lives (a PostgreSQL URL without its password). */
  location: string;
}
